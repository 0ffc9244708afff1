import { presaleAbi, usdtAbi } from "@taichi/contracts";
import {
  type Address,
  ContractFunctionExecutionError,
  ContractFunctionRevertedError,
  type Hash,
  HttpRequestError,
  UserRejectedRequestError,
  encodeErrorResult,
} from "viem";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { AppMessage } from "../i18n/keys";
import {
  ALLOWANCE_THRESHOLD,
  APPROVE_AMOUNT,
  type ContractCall,
  DEFAULT_GAS,
  type TxDriver,
  type TxUi,
  FALLBACK_GAS_PRICE,
  SPEND_GAS_BOUND,
  type TxStep,
  approvalFor,
  gasCost,
  gasLimit,
  readGasPrice,
  runTransaction,
} from "./tx";
import type { ToastKind } from "./tx";

const account: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const referrer: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const presale: Address = "0x0165878A594ca255338adfa4d48449f69242Eb8F";
const token: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const HASH = `0x${"ab".repeat(32)}` as Hash;
const CHAIN = 31337;
const GAS_PRICE = 3_000_000_000n;

const registerCall: ContractCall = {
  address: presale,
  abi: presaleAbi,
  functionName: "register",
  args: [referrer],
};

describe("gasLimit", () => {
  it("is ceil(estimate * 1.1)", () => {
    expect(gasLimit(100_000n)).toBe(110_000n);
    expect(gasLimit(21_001n)).toBe(23_102n); // 23101.1 -> 23102
    expect(gasLimit(10n)).toBe(11n);
    expect(gasLimit(1n)).toBe(2n); // 1.1 -> 2
    expect(gasLimit(0n)).toBe(0n);
  });

  it("falls back to 6,000,000 without an estimate", () => {
    expect(DEFAULT_GAS).toBe(6_000_000n);
    expect(gasLimit(undefined)).toBe(6_000_000n);
  });
});

type Events = string[];

function fakeDriver(
  overrides: Partial<TxDriver> = {},
  events: Events = [],
): TxDriver & { writes: unknown[] } {
  const writes: unknown[] = [];
  return {
    erc20Abi: usdtAbi,
    writes,
    connection: () => ({ address: account, chainId: CHAIN }),
    switchChain: vi.fn(async () => {
      events.push("switch");
    }),
    estimateGas: vi.fn(async () => 100_000n),
    getGasPrice: vi.fn(async () => GAS_PRICE),
    getBalance: vi.fn(async () => 10n ** 18n),
    write: vi.fn(async (call) => {
      events.push(`write:${call.functionName}`);
      writes.push(call);
      return HASH;
    }),
    waitForReceipt: vi.fn(async () => {
      events.push("receipt");
      return { status: "success" as const };
    }),
    readAllowance: vi.fn(async () => 0n),
    ...overrides,
  };
}

function fakeUi(events: Events = []) {
  const toasts: { kind: ToastKind; message: AppMessage }[] = [];
  let pending = 0;
  const ui: TxUi = {
    beginPending: () => {
      pending++;
      events.push("pending:on");
    },
    endPending: () => {
      pending--;
      events.push("pending:off");
    },
    toast: (kind, message) => {
      toasts.push({ kind, message });
      events.push(`toast:${kind}`);
    },
    refresh: vi.fn(async () => {
      events.push("refresh");
    }),
  };
  return { ui, toasts, pending: () => pending };
}

describe("runTransaction", () => {
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // failures are logged by design
  });

  it("estimates, sends with gas = estimate x1.1, waits for the receipt, then toasts Success and refreshes", async () => {
    const events: Events = [];
    const driver = fakeDriver({}, events);
    const { ui, toasts, pending } = fakeUi(events);
    const result = await runTransaction(driver, ui, registerCall, { chainId: CHAIN });

    expect(result).toEqual({ ok: true, hash: HASH });
    expect(driver.writes).toEqual([{ ...registerCall, account, gas: 110_000n, gasPrice: GAS_PRICE }]);
    expect(events).toEqual([
      "pending:on",
      "write:register",
      "receipt",
      "pending:off",
      "toast:success",
      "refresh",
    ]);
    expect(toasts).toEqual([{ kind: "success", message: { key: "common.success" } }]);
    expect(pending()).toBe(0);
    expect(driver.switchChain).not.toHaveBeenCalled();
  });

  it("a UI that describes successes is told which call was mined, with its hash, instead of 'Success'", async () => {
    const events: Events = [];
    const driver = fakeDriver({}, events);
    const { ui, toasts } = fakeUi(events);
    const succeeded: [string, string][] = [];
    ui.succeeded = (hash, call) => succeeded.push([hash, call.functionName]);
    await runTransaction(driver, ui, registerCall, { chainId: CHAIN });
    expect(succeeded).toEqual([[HASH, "register"]]);
    expect(toasts).toEqual([]);
  });

  it("switches the wallet to the configured chain first", async () => {
    const events: Events = [];
    const driver = fakeDriver({ connection: () => ({ address: account, chainId: 1 }) }, events);
    await runTransaction(driver, fakeUi(events).ui, registerCall, { chainId: CHAIN });
    expect(driver.switchChain).toHaveBeenCalledWith(CHAIN);
    expect(events.indexOf("switch")).toBeLessThan(events.indexOf("write:register"));
  });

  it("sends with at least minGas when the estimate is lower (a call that does less with less gas)", async () => {
    const driver = fakeDriver({});
    await runTransaction(driver, fakeUi().ui, registerCall, { chainId: CHAIN, minGas: 500_000n });
    expect(driver.writes).toEqual([{ ...registerCall, account, gas: 500_000n, gasPrice: GAS_PRICE }]);
    const higher = fakeDriver({});
    await runTransaction(higher, fakeUi().ui, registerCall, { chainId: CHAIN, minGas: 50_000n });
    expect(higher.writes).toEqual([{ ...registerCall, account, gas: 110_000n, gasPrice: GAS_PRICE }]);
  });

  it("uses 6,000,000 gas when estimation fails without a decoded revert", async () => {
    const driver = fakeDriver({
      estimateGas: async () => {
        throw new HttpRequestError({ url: "http://127.0.0.1:8545" });
      },
    });
    const result = await runTransaction(driver, fakeUi().ui, registerCall, { chainId: CHAIN });
    expect(result.ok).toBe(true);
    expect(driver.writes).toEqual([{ ...registerCall, account, gas: DEFAULT_GAS, gasPrice: GAS_PRICE }]);
  });

  it("reads the gas price from the chain and falls back to 1e8 when it cannot", async () => {
    expect(FALLBACK_GAS_PRICE).toBe(10n ** 8n);
    const failing = fakeDriver({
      getGasPrice: async () => {
        throw new HttpRequestError({ url: "http://127.0.0.1:8545" });
      },
    });
    await runTransaction(failing, fakeUi().ui, registerCall, { chainId: CHAIN });
    expect(failing.writes).toEqual([{ ...registerCall, account, gas: 110_000n, gasPrice: 10n ** 8n }]);
    expect(await readGasPrice(fakeDriver({ getGasPrice: async () => 0n }))).toBe(10n ** 8n);
    expect(await readGasPrice(fakeDriver())).toBe(GAS_PRICE);
  });

  it("reports each sent hash and its receipt for the recent-transactions list", async () => {
    const { ui } = fakeUi();
    const sent: string[] = [];
    ui.onSent = (hash, call) => sent.push(`sent:${call.functionName}:${hash}`);
    ui.onMined = (hash, status) => sent.push(`mined:${status}:${hash}`);
    await runTransaction(fakeDriver(), ui, registerCall, { chainId: CHAIN });
    expect(sent).toEqual([`sent:register:${HASH}`, `mined:success:${HASH}`]);
  });

  it("does not send when estimation reverts with a known custom error, and shows that error", async () => {
    const data = encodeErrorResult({ abi: presaleAbi, errorName: "ReferrerNotRegistered", args: [referrer] });
    const revert = new ContractFunctionExecutionError(
      new ContractFunctionRevertedError({ abi: presaleAbi, data, functionName: "register" }),
      { abi: presaleAbi, functionName: "register", args: [referrer], contractAddress: presale },
    );
    const driver = fakeDriver({
      estimateGas: async () => {
        throw revert;
      },
    });
    const { ui, toasts, pending } = fakeUi();
    const result = await runTransaction(driver, ui, registerCall, { chainId: CHAIN });

    expect(result).toEqual({ ok: false, message: { key: "register.notRegistered" } });
    expect(driver.write).not.toHaveBeenCalled();
    expect(toasts).toEqual([{ kind: "error", message: { key: "register.notRegistered" } }]);
    expect(pending()).toBe(0);
  });

  it("clears the pending overlay and toasts 'User rejected' when the wallet rejects", async () => {
    const events: Events = [];
    const driver = fakeDriver(
      {
        write: async () => {
          throw new UserRejectedRequestError(new Error("denied"));
        },
      },
      events,
    );
    const { ui, toasts, pending } = fakeUi(events);
    const result = await runTransaction(driver, ui, registerCall, { chainId: CHAIN });

    expect(result).toEqual({ ok: false, message: { key: "errors.userRejected" } });
    expect(pending()).toBe(0);
    expect(events).toEqual(["pending:on", "pending:off", "toast:error"]);
    expect(toasts[0]?.kind).toBe("error");
    expect(ui.refresh).not.toHaveBeenCalled();
  });

  it("treats a reverted receipt as a failure", async () => {
    const driver = fakeDriver({ waitForReceipt: async () => ({ status: "reverted" }) });
    const { ui, toasts, pending } = fakeUi();
    const result = await runTransaction(driver, ui, registerCall, { chainId: CHAIN });
    expect(result).toEqual({ ok: false, message: { key: "errors.txReverted" } });
    expect(toasts.map((t) => t.kind)).toEqual(["error"]);
    expect(pending()).toBe(0);
  });

  it("refuses without a connected wallet and never turns the overlay on", async () => {
    const driver = fakeDriver({ connection: () => undefined });
    const { ui, toasts, pending } = fakeUi();
    const result = await runTransaction(driver, ui, registerCall, { chainId: CHAIN });
    expect(result).toEqual({ ok: false, message: { key: "errors.notConnected" } });
    expect(toasts).toHaveLength(1);
    expect(pending()).toBe(0);
    expect(driver.write).not.toHaveBeenCalled();
  });

  describe("allowance (when a spend is declared)", () => {
    const spend = { token, spender: presale, amount: 50n * 10n ** 18n };

    it("approves 1e38 first when the allowance is at most 1e18, and waits for it", async () => {
      const events: Events = [];
      const driver = fakeDriver(
        { readAllowance: vi.fn(async () => ALLOWANCE_THRESHOLD), readSymbol: vi.fn(async () => "USDT") },
        events,
      );
      const { ui } = fakeUi(events);
      const notes: (AppMessage | undefined)[] = [];
      ui.note = (message) => notes.push(message);
      await runTransaction(driver, ui, registerCall, { chainId: CHAIN, spend }); // unlimited: the default
      // the token being approved (unlimited) is named while the approval is pending, then cleared
      expect(notes[0]).toEqual({ key: "tx.approving", values: { symbol: "USDT" } });
      expect(driver.readSymbol).toHaveBeenCalledWith(token);
      expect(notes.at(-1)).toBeUndefined();

      expect(driver.readAllowance).toHaveBeenCalledWith(token, account, presale);
      expect(driver.writes[0]).toMatchObject({
        address: token,
        functionName: "approve",
        args: [presale, APPROVE_AMOUNT],
      });
      expect(APPROVE_AMOUNT).toBe(10n ** 38n);
      expect(events).toEqual([
        "pending:on",
        "write:approve",
        "receipt",
        "write:register",
        "receipt",
        "pending:off",
        "toast:success",
        "refresh",
      ]);
    });

    it("sends the approval from the member with its own gas (estimate x1.1) at the chain's gas price", async () => {
      const driver = fakeDriver();
      await runTransaction(driver, fakeUi().ui, registerCall, { chainId: CHAIN, spend });
      expect(driver.writes[0]).toMatchObject({
        functionName: "approve",
        account,
        gas: 110_000n,
        gasPrice: GAS_PRICE,
      });
    });

    it("on another chain, switches the wallet before the approval's prompt", async () => {
      const events: Events = [];
      const driver = fakeDriver({ connection: () => ({ address: account, chainId: 1 }) }, events);
      await runTransaction(driver, fakeUi(events).ui, registerCall, { chainId: CHAIN, spend });
      expect(driver.switchChain).toHaveBeenCalledWith(CHAIN);
      expect(events.indexOf("switch")).toBeLessThan(events.indexOf("write:approve"));
    });

    it("names a token whose symbol cannot be read 'token' while it is approved", async () => {
      const driver = fakeDriver({
        readSymbol: async () => {
          throw new HttpRequestError({ url: "http://127.0.0.1:8545" });
        },
      });
      const { ui } = fakeUi();
      const notes: (AppMessage | undefined)[] = [];
      ui.note = (message) => notes.push(message);
      await runTransaction(driver, ui, registerCall, { chainId: CHAIN, spend });
      expect(notes[0]).toEqual({ key: "tx.approving", values: { symbol: "token" } });
    });

    it("skips the approval when the allowance is above 1e18 and covers the amount", async () => {
      const driver = fakeDriver({ readAllowance: async () => ALLOWANCE_THRESHOLD + spend.amount });
      await runTransaction(driver, fakeUi().ui, registerCall, { chainId: CHAIN, spend });
      expect(driver.writes.map((w) => (w as ContractCall).functionName)).toEqual(["register"]);
    });

    it("blocks the spend when the approval is rejected", async () => {
      const driver = fakeDriver({
        readAllowance: async () => 0n,
        write: vi.fn(async () => {
          throw new UserRejectedRequestError(new Error("denied"));
        }),
      });
      const { ui, pending } = fakeUi();
      const result = await runTransaction(driver, ui, registerCall, { chainId: CHAIN, spend });
      expect(result.ok).toBe(false);
      expect(driver.write).toHaveBeenCalledTimes(1); // only the approve was attempted
      expect(pending()).toBe(0);
    });
  });
});

describe("runTransaction as a Safe App (the account is a Safe, connected through wagmi's Safe connector)", () => {
  const safeApp = () => ({ address: account, chainId: CHAIN, safeApp: true });
  const SAFE_TX_HASH = `0x${"5a".repeat(32)}` as Hash;
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {}); // failures are logged by design
  });

  it("ends once Safe{Wallet} has the proposal: no receipt waited for, 'confirm it there' instead of Success, not a recent transaction", async () => {
    const events: Events = [];
    const driver = fakeDriver(
      {
        connection: safeApp,
        write: vi.fn(async (call) => {
          events.push(`write:${call.functionName}`);
          return SAFE_TX_HASH;
        }),
      },
      events,
    );
    const { ui, toasts, pending } = fakeUi(events);
    const succeeded = vi.fn();
    const recent: string[] = [];
    ui.succeeded = succeeded;
    ui.onSent = (hash) => recent.push(`sent:${hash}`);
    ui.onMined = (hash) => recent.push(`mined:${hash}`);

    const result = await runTransaction(driver, ui, registerCall, { chainId: CHAIN });

    expect(result).toEqual({ ok: true, hash: SAFE_TX_HASH, proposed: true });
    expect(driver.waitForReceipt).not.toHaveBeenCalled();
    expect(events).toEqual(["pending:on", "write:register", "pending:off", "toast:info", "refresh"]);
    expect(toasts).toEqual([{ kind: "info", message: { key: "tx.proposedInSafe" } }]);
    expect(succeeded).not.toHaveBeenCalled();
    expect(recent).toEqual([]);
    expect(pending()).toBe(0);
  });

  it("a Safe holding no BNB still proposes: the owner who executes pays the gas", async () => {
    const driver = fakeDriver({ connection: safeApp, getBalance: vi.fn(async () => 0n) });
    const result = await runTransaction(driver, fakeUi().ui, registerCall, { chainId: CHAIN });
    expect(result.ok).toBe(true);
    expect(driver.writes).toHaveLength(1);
  });

  it("an approval and the call it unlocks are two proposals in that order, the call with SPEND_GAS_BOUND (it cannot be estimated before the approval runs)", async () => {
    const spend = { token, spender: presale, amount: 50n * 10n ** 18n };
    const driver = fakeDriver({ connection: safeApp, readAllowance: vi.fn(async () => 0n) });
    const result = await runTransaction(driver, fakeUi().ui, registerCall, { chainId: CHAIN, spend });
    expect(result).toMatchObject({ ok: true, proposed: true });
    expect(driver.writes).toMatchObject([
      { address: token, functionName: "approve", args: [presale, APPROVE_AMOUNT] },
      { ...registerCall, gas: SPEND_GAS_BOUND },
    ]);
    expect(driver.estimateGas).toHaveBeenCalledTimes(1); // the approval's only
    expect(driver.waitForReceipt).not.toHaveBeenCalled();
  });

  it("a wallet that refuses the proposal is a failure like any other", async () => {
    const driver = fakeDriver({
      connection: safeApp,
      write: vi.fn(async () => {
        throw new UserRejectedRequestError(new Error("rejected in Safe{Wallet}"));
      }),
    });
    const { ui, toasts } = fakeUi();
    const result = await runTransaction(driver, ui, registerCall, { chainId: CHAIN });
    expect(result.ok).toBe(false);
    expect(toasts.map((t) => t.kind)).toEqual(["error"]);
  });
});

describe("approvalFor", () => {
  const amount = 50n * 10n ** 18n;
  it("unlimited (the seed's rule): 1e38 when the allowance is at most 1e18 or below the amount", () => {
    expect(approvalFor(0n, amount, "unlimited")).toBe(APPROVE_AMOUNT);
    expect(approvalFor(ALLOWANCE_THRESHOLD, 10n ** 17n, "unlimited")).toBe(APPROVE_AMOUNT);
    expect(approvalFor(amount - 1n, amount, "unlimited")).toBe(APPROVE_AMOUNT);
    expect(approvalFor(amount, amount, "unlimited")).toBeUndefined();
  });

  it("exact: the amount itself, only when the allowance is below it", () => {
    expect(approvalFor(0n, amount, "exact")).toBe(amount);
    expect(approvalFor(amount - 1n, amount, "exact")).toBe(amount);
    expect(approvalFor(amount, amount, "exact")).toBeUndefined();
    expect(approvalFor(ALLOWANCE_THRESHOLD, 10n ** 17n, "exact")).toBeUndefined(); // enough, though small
  });
});

describe("gasCost", () => {
  it("is every gas limit at the gas price, plus the value sent", () => {
    expect(gasCost([46_000n, 800_000n], 3n)).toBe(2_538_000n);
    expect(gasCost([100_000n], 2n, 5n)).toBe(200_005n);
    expect(gasCost([], 2n)).toBe(0n);
  });
});

describe("runTransaction: gas the balance must cover, checked before any wallet prompt", () => {
  const spend = { token, spender: presale, amount: 50n * 10n ** 18n };

  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("a balance short of estimate x1.1 x gas price is told how much is needed, and nothing is asked of the wallet", async () => {
    const need = 110_000n * GAS_PRICE; // estimate 100,000 x1.1
    const driver = fakeDriver({
      connection: () => ({ address: account, chainId: 1 }), // even the chain switch is a wallet prompt
      getBalance: vi.fn(async () => need - 1n),
    });
    const { ui, toasts, pending } = fakeUi();
    const result = await runTransaction(driver, ui, registerCall, { chainId: CHAIN });

    const message = { key: "errors.gasShort", values: { cost: "0.00033", balance: "0.000329" } };
    expect(result).toEqual({ ok: false, message });
    expect(toasts).toEqual([{ kind: "error", message }]);
    expect(driver.switchChain).not.toHaveBeenCalled();
    expect(driver.write).not.toHaveBeenCalled();
    expect(driver.getBalance).toHaveBeenCalledWith(account);
    expect(pending()).toBe(0);

    const enough = fakeDriver({ getBalance: async () => need });
    expect((await runTransaction(enough, fakeUi().ui, registerCall, { chainId: CHAIN })).ok).toBe(true);
  });

  it("with an approval to send first: its estimate plus SPEND_GAS_BOUND for the call it unlocks", async () => {
    const approveGas = 110_000n; // the fake's estimate x1.1
    const need = (approveGas + SPEND_GAS_BOUND) * GAS_PRICE;
    const short = fakeDriver({ getBalance: async () => need - 1n });
    const refused = await runTransaction(short, fakeUi().ui, registerCall, { chainId: CHAIN, spend });
    expect(refused.ok).toBe(false);
    expect(refused.ok || refused.message.key).toBe("errors.gasShort");
    expect(short.write).not.toHaveBeenCalled(); // not even the approval

    const enough = fakeDriver({ getBalance: async () => need });
    expect((await runTransaction(enough, fakeUi().ui, registerCall, { chainId: CHAIN, spend })).ok).toBe(
      true,
    );
    expect(enough.writes.map((w) => (w as ContractCall).functionName)).toEqual(["approve", "register"]);
  });

  it("once the approval is mined the call is estimated and checked again before its own prompt", async () => {
    let balance = (110_000n + SPEND_GAS_BOUND) * GAS_PRICE;
    const driver = fakeDriver({
      getBalance: async () => balance,
      estimateGas: async (call) => (call.functionName === "approve" ? 100_000n : 2_000_000n),
      waitForReceipt: async () => {
        balance -= 100_000n * GAS_PRICE; // the approval's gas was paid
        return { status: "success" as const };
      },
    });
    const { ui, toasts, pending } = fakeUi();
    const result = await runTransaction(driver, ui, registerCall, { chainId: CHAIN, spend });
    expect(driver.writes.map((w) => (w as ContractCall).functionName)).toEqual(["approve"]);
    expect(result.ok || result.message.key).toBe("errors.gasShort");
    expect(toasts.map((t) => t.kind)).toEqual(["error"]);
    expect(pending()).toBe(0);
  });

  it("the value a call sends counts too", async () => {
    const driver = fakeDriver({ getBalance: async () => 110_000n * GAS_PRICE });
    const payable = { ...registerCall, value: 1n };
    const result = await runTransaction(driver, fakeUi().ui, payable, { chainId: CHAIN });
    expect(result.ok || result.message.key).toBe("errors.gasShort");
  });

  it("a balance that cannot be read is not checked: the flow goes on", async () => {
    const driver = fakeDriver({
      getBalance: async () => {
        throw new HttpRequestError({ url: "http://127.0.0.1:8545" });
      },
    });
    expect((await runTransaction(driver, fakeUi().ui, registerCall, { chainId: CHAIN })).ok).toBe(true);
  });
});

describe("runTransaction: the flow the overlay follows", () => {
  const spend = { token, spender: presale, amount: 50n * 10n ** 18n };

  it("reports each transaction: queued, in the wallet, pending with its hash, confirmed; then clears", async () => {
    const driver = fakeDriver({ readSymbol: async () => "USDT" });
    const { ui } = fakeUi();
    const seen: (readonly TxStep[] | undefined)[] = [];
    ui.steps = (steps) => seen.push(steps);
    await runTransaction(driver, ui, registerCall, { chainId: CHAIN, spend });

    const approve = { kind: "approve", label: { key: "tx.steps.approve", values: { symbol: "USDT" } } };
    const call = { kind: "call", label: { key: "tx.labels.register" } };
    expect(seen).toEqual([
      [
        { ...approve, status: "queued" },
        { ...call, status: "queued" },
      ],
      [
        { ...approve, status: "wallet" },
        { ...call, status: "queued" },
      ],
      [
        { ...approve, status: "pending", hash: HASH },
        { ...call, status: "queued" },
      ],
      [
        { ...approve, status: "confirmed", hash: HASH },
        { ...call, status: "queued" },
      ],
      [
        { ...approve, status: "confirmed", hash: HASH },
        { ...call, status: "wallet" },
      ],
      [
        { ...approve, status: "confirmed", hash: HASH },
        { ...call, status: "pending", hash: HASH },
      ],
      [
        { ...approve, status: "confirmed", hash: HASH },
        { ...call, status: "confirmed", hash: HASH },
      ],
      undefined,
    ]);
  });

  it("a call with nothing to approve is one step", async () => {
    const { ui } = fakeUi();
    const seen: (readonly TxStep[] | undefined)[] = [];
    ui.steps = (steps) => seen.push(steps);
    await runTransaction(fakeDriver(), ui, registerCall, { chainId: CHAIN });
    expect(seen[0]).toEqual([{ kind: "call", label: { key: "tx.labels.register" }, status: "queued" }]);
    expect(seen.at(-2)).toEqual([
      { kind: "call", label: { key: "tx.labels.register" }, status: "confirmed", hash: HASH },
    ]);
  });

  it("a mined call whose refresh fails is still a success, with no error toast", async () => {
    const { ui, toasts } = fakeUi();
    ui.refresh = async () => {
      throw new HttpRequestError({ url: "http://127.0.0.1:8545" });
    };
    vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await runTransaction(fakeDriver(), ui, registerCall, { chainId: CHAIN });
    expect(result).toEqual({ ok: true, hash: HASH });
    expect(toasts).toEqual([{ kind: "success", message: { key: "common.success" } }]);
  });

  it("a rejection clears the steps and the overlay", async () => {
    const driver = fakeDriver({
      write: async () => {
        throw new UserRejectedRequestError(new Error("denied"));
      },
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    const { ui, pending } = fakeUi();
    const seen: (readonly TxStep[] | undefined)[] = [];
    ui.steps = (steps) => seen.push(steps);
    await runTransaction(driver, ui, registerCall, { chainId: CHAIN });
    expect(seen.at(-1)).toBeUndefined();
    expect(pending()).toBe(0);
  });

  it("exact approvals approve the amount spent, and say so while the approval waits", async () => {
    const driver = fakeDriver({ readSymbol: async () => "USDT" });
    const { ui } = fakeUi();
    const notes: (AppMessage | undefined)[] = [];
    ui.note = (message) => notes.push(message);
    await runTransaction(driver, ui, registerCall, { chainId: CHAIN, spend, approval: "exact" });
    expect(driver.writes[0]).toMatchObject({ functionName: "approve", args: [presale, spend.amount] });
    expect(notes[0]).toEqual({ key: "tx.approvingExact", values: { symbol: "USDT", amount: "50" } });
  });

  it("refuses a second flow while one is in flight (its overlay moved aside), asking nothing of the wallet", async () => {
    const driver = fakeDriver();
    const { ui, toasts, pending } = fakeUi();
    ui.busy = () => true;
    const result = await runTransaction(driver, ui, registerCall, { chainId: CHAIN });
    expect(result).toEqual({ ok: false, message: { key: "tx.busy" } });
    expect(toasts).toEqual([{ kind: "error", message: { key: "tx.busy" } }]);
    expect(driver.write).not.toHaveBeenCalled();
    expect(pending()).toBe(0);
  });
});

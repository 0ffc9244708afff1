// @vitest-environment node
/**
 * Against a real chain: anvil on 127.0.0.1:8677 with the project deployed (scripts' `deploy()`).
 * - the error parser gets the errors viem really throws for real reverts (custom errors, require
 *   reason strings, the raw RPC text, an unreachable node);
 * - the one write path (`runTransaction` with the real wagmi driver) approves 1e38 exactly when the
 *   allowance is at most 1e18, checked with `allowance` reads on chain.
 */
import { presaleAbi, routerAbi, usdtAbi } from "@taichi/contracts";
import { DEV_ROLES, devAccount } from "@taichi/scripts/env";
import { type LocalChain, startLocalChain } from "@taichi/scripts/localChain";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  parseEther,
} from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createConfig, mock } from "wagmi";
import { connect, disconnect } from "wagmi/actions";
import { i18n, translate } from "../i18n";
import { buildChain } from "../lib/chains";
import { parseError } from "../lib/errors";
import { ALLOWANCE_THRESHOLD, APPROVE_AMOUNT, type TxUi, runTransaction } from "../lib/tx";
import { wagmiDriver } from "./useTransaction";

const PORT = 8677;
const rpcUrl = `http://127.0.0.1:${PORT}`;
const chain = buildChain(31337, rpcUrl);
const client = createPublicClient({ chain, transport: http(rpcUrl) });
const root = devAccount(DEV_ROLES.deployer).address;
const member = devAccount(DEV_ROLES.members[0]).address;
const newcomer = devAccount(DEV_ROLES.newcomers[0]).address;
const stranger = devAccount(DEV_ROLES.newcomers[1]).address;

let localChain: LocalChain;
let c: { Presale: Address; Usdt: Address; Router: Address; SwapToken: Address };

beforeAll(async () => {
  localChain = await startLocalChain(PORT);
  c = localChain.deployment.contracts as typeof c;
  await i18n.changeLanguage("en");
}, 120_000);

afterAll(async () => {
  await localChain?.stop();
});

/** Runs `fn` and returns what it threw (fails the test when it does not throw). */
async function thrown(fn: () => Promise<unknown>): Promise<unknown> {
  try {
    await fn();
  } catch (err) {
    return err;
  }
  throw new Error("expected a revert");
}

describe("parseError with real reverts from anvil", () => {
  it("custom error ReferrerNotRegistered (gas estimation) -> the spec's message", async () => {
    const err = await thrown(() =>
      client.estimateContractGas({
        address: c.Presale,
        abi: presaleAbi,
        functionName: "register",
        args: [stranger],
        account: newcomer,
      }),
    );
    expect(parseError(err)).toEqual({ key: "register.notRegistered" });
    expect(translate(parseError(err))).toBe(
      "The recommended address is not registered, please enter a valid recommended address",
    );
  });

  it("custom errors AlreadyRegistered and SelfReferral (simulation) -> their messages", async () => {
    const again = await thrown(() =>
      client.simulateContract({
        address: c.Presale,
        abi: presaleAbi,
        functionName: "register",
        args: [root],
        account: member,
      }),
    );
    expect(parseError(again)).toEqual({ key: "register.alreadyRegistered" });
    const self = await thrown(() =>
      client.simulateContract({
        address: c.Presale,
        abi: presaleAbi,
        functionName: "register",
        args: [newcomer],
        account: newcomer,
      }),
    );
    expect(parseError(self)).toEqual({ key: "register.selfReferral" });
  });

  it("an ERC-20 balance error -> 'balance insufficient'; an unmapped one -> 'Operate Error'", async () => {
    const tooMuch = await thrown(() =>
      client.simulateContract({
        address: c.Usdt,
        abi: usdtAbi,
        functionName: "transfer",
        args: [root, parseEther("100001")],
        account: newcomer,
      }),
    );
    expect(translate(parseError(tooMuch))).toBe("Insufficient balance");
    const noAllowance = await thrown(() =>
      client.simulateContract({
        address: c.Usdt,
        abi: usdtAbi,
        functionName: "transferFrom",
        args: [member, root, 1n],
        account: newcomer,
      }),
    );
    expect(translate(parseError(noAllowance))).toBe("Operate Error");
  });

  // the router checks the path before anything else: a plain require() reason no message maps
  const invalidPath = () =>
    ({
      address: c.Router,
      abi: routerAbi,
      functionName: "swapExactTokensForTokens",
      args: [1n, 0n, [c.Usdt], newcomer, 2n ** 40n],
    }) as const;

  it("a require() reason string (decoded by viem) -> the reason", async () => {
    const err = await thrown(() => client.simulateContract({ ...invalidPath(), account: newcomer }));
    expect(parseError(err)).toEqual({
      key: "errors.reverted",
      values: { reason: "UniswapV2Library: INVALID_PATH" },
    });
  });

  it("the raw JSON-RPC 'execution reverted: <reason>' text (no ABI) -> the reason, hex cut", async () => {
    const err = await thrown(() =>
      client.estimateGas({
        account: newcomer,
        to: c.Router,
        data: encodeFunctionData(invalidPath()),
      }),
    );
    expect(parseError(err)).toEqual({
      key: "errors.reverted",
      values: { reason: "UniswapV2Library: INVALID_PATH" },
    });
  });

  it("the router's deadline reason -> the swap's own message, decoded or raw", async () => {
    const expired = {
      address: c.Router,
      abi: routerAbi,
      functionName: "swapExactTokensForTokens",
      args: [1n, 0n, [c.Usdt, c.SwapToken], newcomer, 1n], // deadline long past
    } as const;
    const decoded = await thrown(() => client.simulateContract({ ...expired, account: newcomer }));
    expect(parseError(decoded)).toEqual({ key: "swap.errors.expired" });
    const raw = await thrown(() =>
      client.estimateGas({ account: newcomer, to: c.Router, data: encodeFunctionData(expired) }),
    );
    expect(parseError(raw)).toEqual({ key: "swap.errors.expired" });
  });

  it("a fee-on-transfer swap asking more than the pool gives -> the slippage message (zh and en)", async () => {
    const trader = devAccount(DEV_ROLES.newcomers[3]);
    const wallet = createWalletClient({ account: trader, chain, transport: http(rpcUrl) });
    await client.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: c.Usdt,
        abi: usdtAbi,
        functionName: "approve",
        args: [c.Router, parseEther("100")],
      }),
    });
    const path = [c.Usdt, c.SwapToken] as const;
    const [, out] = await client.readContract({
      address: c.Router,
      abi: routerAbi,
      functionName: "getAmountsOut",
      args: [parseEther("100"), [...path]],
    });
    // the gross output is more than the buyer receives after the token's buy fee
    const err = await thrown(() =>
      client.estimateContractGas({
        address: c.Router,
        abi: routerAbi,
        functionName: "swapExactTokensForTokensSupportingFeeOnTransferTokens",
        args: [parseEther("100"), out!, [...path], trader.address, 2n ** 40n],
        account: trader.address,
      }),
    );
    expect(parseError(err)).toEqual({ key: "swap.errors.slippage" });
    expect(translate(parseError(err))).toMatch(/^The price moved more than your slippage tolerance/);
    await i18n.changeLanguage("zh");
    expect(translate(parseError(err))).toMatch(/^价格变动超出滑点容差/);
    await i18n.changeLanguage("en");
  });

  it("an unreachable node -> the network message", async () => {
    const down = createPublicClient({ transport: http("http://127.0.0.1:9", { retryCount: 0 }) });
    const err = await thrown(() => down.getBlockNumber());
    expect(parseError(err)).toEqual({ key: "errors.network" });
  });
});

describe("runTransaction with the wagmi driver on anvil: the allowance rule", () => {
  const account = devAccount(DEV_ROLES.newcomers[2]).address;
  const spender = () => c.Router;
  const config = createConfig({
    chains: [chain],
    connectors: [mock({ accounts: [account] })],
    transports: { [chain.id]: http(rpcUrl) },
  });
  const ui = (): TxUi & { toasts: string[] } => {
    const toasts: string[] = [];
    return {
      toasts,
      beginPending: () => {},
      endPending: () => {},
      toast: (kind, message) => toasts.push(`${kind}:${message.key}`),
      refresh: async () => {},
    };
  };
  const allowance = () =>
    client.readContract({
      address: c.Usdt,
      abi: usdtAbi,
      functionName: "allowance",
      args: [account, spender()],
    });
  const approveDirectly = async (value: bigint) => {
    const wallet = createWalletClient({
      account: devAccount(DEV_ROLES.newcomers[2]),
      chain,
      transport: http(rpcUrl),
    });
    const hash = await wallet.writeContract({
      address: c.Usdt,
      abi: usdtAbi,
      functionName: "approve",
      args: [spender(), value],
    });
    await client.waitForTransactionReceipt({ hash });
  };
  /** A real spend-declaring write: a 1 USDT transfer, with `spend` declared against the router. */
  const send = () =>
    runTransaction(
      wagmiDriver(config, chain.id),
      sendUi,
      { address: c.Usdt, abi: usdtAbi, functionName: "transfer", args: [root, parseEther("1")] },
      { chainId: chain.id, spend: { token: c.Usdt, spender: spender(), amount: parseEther("1") } },
    );
  let sendUi = ui();

  beforeAll(async () => {
    await connect(config, { connector: config.connectors[0]! });
  });
  afterAll(async () => {
    await disconnect(config);
  });
  beforeEach(() => {
    sendUi = ui();
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("allowance 0 -> approves exactly 1e38 before the action", async () => {
    await approveDirectly(0n);
    const before = await client.getTransactionCount({ address: account });
    const result = await send();
    expect(result.ok).toBe(true);
    expect(await allowance()).toBe(APPROVE_AMOUNT);
    expect(await client.getTransactionCount({ address: account })).toBe(before + 2); // approve + transfer
    expect(sendUi.toasts).toEqual(["success:common.success"]);
  });

  it("allowance exactly 1e18 -> still approves 1e38", async () => {
    await approveDirectly(ALLOWANCE_THRESHOLD);
    const before = await client.getTransactionCount({ address: account });
    expect((await send()).ok).toBe(true);
    expect(await allowance()).toBe(APPROVE_AMOUNT);
    expect(await client.getTransactionCount({ address: account })).toBe(before + 2);
  });

  it("allowance above 1e18 -> no approval, only the action", async () => {
    await approveDirectly(ALLOWANCE_THRESHOLD + 1n);
    const before = await client.getTransactionCount({ address: account });
    expect((await send()).ok).toBe(true);
    expect(await allowance()).toBe(ALLOWANCE_THRESHOLD + 1n);
    expect(await client.getTransactionCount({ address: account })).toBe(before + 1);
  });

  it("a reverting action after the approval is reported with its decoded message", async () => {
    await approveDirectly(0n);
    const result = await runTransaction(
      wagmiDriver(config, chain.id),
      sendUi,
      { address: c.Presale, abi: presaleAbi, functionName: "register", args: [stranger] },
      { chainId: chain.id },
    );
    expect(result).toEqual({ ok: false, message: { key: "register.notRegistered" } });
    expect(sendUi.toasts).toEqual(["error:register.notRegistered"]);
  });
});

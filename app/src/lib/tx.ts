import type { Abi, Address, Hash, Hex } from "viem";
import type { AppMessage } from "../i18n/keys";
import { GasShortError, TransactionRevertedError, isDecodedRevert, parseError } from "./errors";
import { formatAmount } from "./format";
import { txLabel } from "./recentTxs";

export type ToastKind = "success" | "info" | "warning" | "error";

/** Gas limit when estimation fails for a reason other than a decoded revert. */
export const DEFAULT_GAS = 6_000_000n;
/** An allowance at or below this is treated as "not approved". */
export const ALLOWANCE_THRESHOLD = 10n ** 18n;
/** What we approve when the allowance is too low. */
export const APPROVE_AMOUNT = 10n ** 38n;
/** Gas price used when the chain does not answer eth_gasPrice (0.1 gwei). */
export const FALLBACK_GAS_PRICE = 100_000_000n;
/**
 * The gas limit counted for a spending call while its approval is still to be sent (it cannot be
 * estimated before the approval is mined): the largest a member's spend is sent with, Staking's first
 * `deposit` (guard 700,000 + the 21,000 base, x1.1 = 793,100), rounded up. The call is estimated and
 * checked again once the approval is mined, before its own wallet prompt.
 */
export const SPEND_GAS_BOUND = 800_000n;

/** How approvals are sized: the seed's unlimited APPROVE_AMOUNT (default), or exactly the amount spent. */
export type ApprovalMode = "unlimited" | "exact";

/** Gas limit = ceil(estimate * 1.1); DEFAULT_GAS when there is no estimate. */
export function gasLimit(estimate: bigint | undefined): bigint {
  if (estimate === undefined) return DEFAULT_GAS;
  return (estimate * 11n + 9n) / 10n;
}

/** One contract write, untyped (the typed entry point is `useTransaction`). */
export type ContractCall = {
  address: Address;
  abi: Abi;
  functionName: string;
  args?: readonly unknown[];
  value?: bigint;
  /** bytes after the encoded call (viem's `dataSuffix`) */
  dataSuffix?: Hex;
};

/** A token spend the call needs approved first: `amount` of `token` for `spender` (sized by `approvalFor`). */
export type Spend = { token: Address; spender: Address; amount: bigint };

/**
 * The connected account. `safeApp`: the account is a Safe connected as a Safe App inside Safe{Wallet} (wagmi's Safe
 * connector): a write there proposes a Safe transaction in the Safe's queue and answers its safeTxHash, not a
 * transaction hash; it runs only once the Safe's owners sign and execute it in Safe{Wallet}, and the owner who
 * executes it pays the gas, not the Safe.
 */
export type Connection = { address: Address; chainId: number; safeApp?: boolean };

/** Everything the helper needs from the wallet and chain; `wagmiDriver` is the real one. */
export type TxDriver = {
  /** The connected account and the chain its wallet is on, or undefined when not connected. */
  connection(): Connection | undefined;
  switchChain(chainId: number): Promise<void>;
  estimateGas(call: ContractCall, account: Address): Promise<bigint>;
  /** eth_gasPrice of the configured chain */
  getGasPrice(): Promise<bigint>;
  /** The account's native (BNB) balance on the configured chain. */
  getBalance(account: Address): Promise<bigint>;
  write(call: ContractCall & { account: Address; gas: bigint; gasPrice: bigint }): Promise<Hash>;
  waitForReceipt(hash: Hash): Promise<{ status: "success" | "reverted" }>;
  readAllowance(token: Address, owner: Address, spender: Address): Promise<bigint>;
  /** The token's `symbol()`, to name it in the approval note. */
  readSymbol?(token: Address): Promise<string>;
  /** The ABI used for `approve` on any ERC-20 (from the generated module). */
  erc20Abi: Abi;
};

/** What the helper drives in the UI: the pending overlay, toasts, and refreshing chain reads. */
export type TxUi = {
  beginPending(): void;
  endPending(): void;
  toast(kind: ToastKind, message: AppMessage): void;
  /** Says what a mined call did (a success toast naming it, with its explorer link); "Success" without it. */
  succeeded?(hash: Hash, call: ContractCall): void;
  /** Invalidates cached chain reads (wagmi queries) so the UI shows the new state. */
  refresh(): Promise<void>;
  /** A line under the pending overlay's awaiting text (the approval amount), undefined to clear. */
  note?(message: AppMessage | undefined): void;
  /** The flow's transactions and where each one is, on every change; undefined once it is over. */
  steps?(steps: readonly TxStep[] | undefined): void;
  /** True while another flow is in flight (its overlay may be minimised): a second one is refused. */
  busy?(): boolean;
  /** Recent-transactions list: a hash was sent / its receipt came back. */
  onSent?(hash: Hash, call: ContractCall): void;
  onMined?(hash: Hash, status: "success" | "reverted"): void;
};

export type TxOptions = {
  chainId: number;
  spend?: Spend;
  /** How a needed approval is sized; "unlimited" when not given. */
  approval?: ApprovalMode;
  /**
   * The least gas limit to send the call with. For a call whose work adapts to the gas its transaction
   * has (LpDividend's `sendReward(gas)` pays fewer holders with less), an estimate finds the least gas at
   * which it succeeds, not the gas it was asked to use.
   */
  minGas?: bigint;
};
/** `proposed`: a Safe App's write, queued in Safe{Wallet} (`hash` is its safeTxHash), not mined. */
export type TxResult = { ok: true; hash: Hash; proposed?: true } | { ok: false; message: AppMessage };

/** The chain's gas price, or FALLBACK_GAS_PRICE when it cannot be read. */
export async function readGasPrice(driver: TxDriver): Promise<bigint> {
  try {
    const price = await driver.getGasPrice();
    return price > 0n ? price : FALLBACK_GAS_PRICE;
  } catch (err) {
    console.error("eth_gasPrice failed, using the fallback", err);
    return FALLBACK_GAS_PRICE;
  }
}

/**
 * What a spend must approve first, or undefined when its allowance will do. Unlimited (the seed's rule):
 * APPROVE_AMOUNT when the allowance is at or below ALLOWANCE_THRESHOLD or below the amount. Exact: the
 * amount itself when the allowance is below it.
 */
export function approvalFor(allowance: bigint, amount: bigint, mode: ApprovalMode): bigint | undefined {
  if (mode === "exact") return allowance >= amount ? undefined : amount;
  return allowance > ALLOWANCE_THRESHOLD && allowance >= amount ? undefined : APPROVE_AMOUNT;
}

/** The BNB a balance must hold to send transactions with these gas limits: each limit x the price, plus the value. */
export function gasCost(gasLimits: readonly bigint[], gasPrice: bigint, value = 0n): bigint {
  return gasLimits.reduce((sum, gas) => sum + gas * gasPrice, value);
}

/**
 * Where one transaction of a flow is: not asked yet, waiting for the member to confirm it in the wallet,
 * sent and waiting to be mined (its hash known), mined.
 */
export type TxStepStatus = "queued" | "wallet" | "pending" | "confirmed";
export type TxStep = { kind: "approve" | "call"; label: AppMessage; status: TxStepStatus; hash?: Hash };

/** The flow's steps as the UI sees them: each change hands it a new list. */
function stepTracker(ui: TxUi) {
  let steps: TxStep[] = [];
  return {
    start(list: TxStep[]) {
      steps = list;
      ui.steps?.(steps);
    },
    set(kind: TxStep["kind"], change: Partial<TxStep>) {
      steps = steps.map((s) => (s.kind === kind ? { ...s, ...change } : s));
      ui.steps?.(steps);
    },
  };
}
type Steps = ReturnType<typeof stepTracker>;

/**
 * The gas limit a call is sent with: its estimate x1.1, at least `minGas`; DEFAULT_GAS when it cannot be
 * estimated. A decoded revert is thrown: the contract said no, so nothing is sent.
 */
async function gasFor(driver: TxDriver, call: ContractCall, account: Address, minGas?: bigint) {
  let gas: bigint;
  try {
    gas = gasLimit(await driver.estimateGas(call, account));
  } catch (err) {
    if (isDecodedRevert(err)) throw err;
    gas = DEFAULT_GAS;
  }
  return minGas !== undefined && gas < minGas ? minGas : gas;
}

/**
 * Throws GasShortError when the account's BNB cannot pay `cost`. A balance that cannot be read is not
 * checked (the wallet still refuses, and its "insufficient funds" is mapped too).
 */
async function ensureGas(driver: TxDriver, account: Address, cost: bigint): Promise<void> {
  let balance: bigint;
  try {
    balance = await driver.getBalance(account);
  } catch (err) {
    console.error("balance unreadable, gas not checked", err);
    return;
  }
  if (balance < cost) throw new GasShortError(cost, balance);
}

type TxHooks = Pick<TxUi, "onSent" | "onMined">;

/**
 * Sends one transaction with its gas limit and price, and waits for its receipt. A Safe App's write (`proposes`)
 * is a proposal in Safe{Wallet}, with no receipt to wait for: its safeTxHash is returned as it comes back (and
 * kept out of the recent transactions, whose hashes are the chain's).
 */
async function sendStep(
  driver: TxDriver,
  steps: Steps,
  kind: TxStep["kind"],
  call: ContractCall,
  send: { account: Address; gas: bigint; gasPrice: bigint },
  hooks: TxHooks,
  proposes = false,
): Promise<Hash> {
  steps.set(kind, { status: "wallet" });
  const hash = await driver.write({ ...call, ...send });
  steps.set(kind, { status: "pending", hash });
  if (proposes) return hash;
  hooks.onSent?.(hash, call);
  const receipt = await driver.waitForReceipt(hash);
  hooks.onMined?.(hash, receipt.status);
  if (receipt.status !== "success") throw new TransactionRevertedError(hash);
  steps.set(kind, { status: "confirmed" });
  return hash;
}

/**
 * The flow behind runTransaction. Before any wallet prompt (the chain switch included): the allowance,
 * the gas of every transaction (the approval's estimate, and SPEND_GAS_BOUND for a call that waits for
 * it), the gas price and the BNB balance; a balance short of the total stops here. Then: switch the
 * chain, approve (the call is estimated and its gas checked again once the approval is mined), call.
 * As a Safe App (`connection.safeApp`) each is proposed in Safe{Wallet} instead, nothing waits for it, and the
 * Safe's balance is not checked (the owner who executes pays the gas): an approval and the call it unlocks are
 * two proposals, queued in that order, the call with SPEND_GAS_BOUND (it cannot be estimated before the approval runs).
 */
async function runFlow(
  driver: TxDriver,
  ui: TxUi,
  steps: Steps,
  connection: Connection,
  call: ContractCall,
  options: TxOptions,
): Promise<Hash> {
  const account = connection.address;
  const proposes = !!connection.safeApp;
  const { spend, minGas } = options;
  const gasPrice = await readGasPrice(driver);
  const approveAmount =
    spend &&
    approvalFor(
      await driver.readAllowance(spend.token, account, spend.spender),
      spend.amount,
      options.approval ?? "unlimited",
    );
  const approve: ContractCall | undefined =
    spend && approveAmount !== undefined
      ? {
          address: spend.token,
          abi: driver.erc20Abi,
          functionName: "approve",
          args: [spend.spender, approveAmount],
        }
      : undefined;
  const approveGas = approve && (await gasFor(driver, approve, account));
  let callGas = approve ? SPEND_GAS_BOUND : await gasFor(driver, call, account, minGas);
  if (!proposes) await ensureGas(driver, account, gasCost([approveGas ?? 0n, callGas], gasPrice, call.value));

  const callStep: TxStep = { kind: "call", label: { key: txLabel(call.functionName) }, status: "queued" };
  if (approve && approveGas !== undefined) {
    const symbol = (await driver.readSymbol?.(approve.address).catch(() => undefined)) ?? "token";
    steps.start([
      { kind: "approve", label: { key: "tx.steps.approve", values: { symbol } }, status: "queued" },
      callStep,
    ]);
    if (connection.chainId !== options.chainId) await driver.switchChain(options.chainId);
    ui.note?.(
      approveAmount === APPROVE_AMOUNT
        ? { key: "tx.approving", values: { symbol } }
        : { key: "tx.approvingExact", values: { symbol, amount: formatAmount(approveAmount!) } },
    );
    await sendStep(driver, steps, "approve", approve, { account, gas: approveGas, gasPrice }, ui, proposes);
    ui.note?.(undefined);
    if (!proposes) {
      callGas = await gasFor(driver, call, account, minGas);
      await ensureGas(driver, account, gasCost([callGas], gasPrice, call.value));
    }
  } else {
    steps.start([callStep]);
    if (connection.chainId !== options.chainId) await driver.switchChain(options.chainId);
  }
  return sendStep(driver, steps, "call", call, { account, gas: callGas, gasPrice }, ui, proposes);
}

/**
 * The one write path: runFlow (gas checked against the BNB balance before any wallet prompt, chain
 * switch, approval when a spend is declared and its allowance is short, estimate x1.1, send, receipt).
 * The pending overlay is on from the first read until the receipt, showing the flow's steps, and always
 * cleared. Success: "Success" toast, then cached reads are refreshed. Failure: an error toast with the
 * parsed message. A second flow while one is in flight is refused. As a Safe App the flow ends once Safe{Wallet}
 * has the proposal: "proposed in your Safe, confirm it there" instead of "Success".
 */
export async function runTransaction(
  driver: TxDriver,
  ui: TxUi,
  call: ContractCall,
  options: TxOptions,
): Promise<TxResult> {
  const refuse = (message: AppMessage): TxResult => {
    ui.toast("error", message);
    return { ok: false, message };
  };
  const connection = driver.connection();
  if (!connection) return refuse({ key: "errors.notConnected" });
  if (ui.busy?.()) return refuse({ key: "tx.busy" });

  let result: TxResult;
  ui.beginPending();
  try {
    const hash = await runFlow(driver, ui, stepTracker(ui), connection, call, options);
    result = connection.safeApp ? { ok: true, hash, proposed: true } : { ok: true, hash };
  } catch (err) {
    console.error("transaction failed", err);
    result = { ok: false, message: parseError(err) };
  } finally {
    ui.note?.(undefined);
    ui.steps?.(undefined);
    ui.endPending();
  }

  if (!result.ok) {
    ui.toast("error", result.message);
    return result;
  }
  if (result.proposed) ui.toast("info", { key: "tx.proposedInSafe" });
  else if (ui.succeeded) ui.succeeded(result.hash, call);
  else ui.toast("success", { key: "common.success" });
  try {
    await ui.refresh();
  } catch (err) {
    console.error("refresh after transaction failed", err); // a failed read is only logged, never toasted
  }
  return result;
}

import type { Abi, Address, Hash, Hex } from "viem";
import type { AppMessage } from "../i18n/keys";
import { TransactionRevertedError, isDecodedRevert, parseError } from "./errors";

export type ToastKind = "success" | "info" | "warning" | "error";

/** Gas limit when estimation fails for a reason other than a decoded revert. */
export const DEFAULT_GAS = 6_000_000n;
/** An allowance at or below this is treated as "not approved". */
export const ALLOWANCE_THRESHOLD = 10n ** 18n;
/** What we approve when the allowance is too low. */
export const APPROVE_AMOUNT = 10n ** 38n;
/** Gas price used when the chain does not answer eth_gasPrice (0.1 gwei). */
export const FALLBACK_GAS_PRICE = 100_000_000n;

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

/** A token spend the call needs approved first: `ensureAllowance(token, spender, amount)`. */
export type Spend = { token: Address; spender: Address; amount: bigint };

/** Everything the helper needs from the wallet and chain; `wagmiDriver` is the real one. */
export type TxDriver = {
  /** The connected account and the chain its wallet is on, or undefined when not connected. */
  connection(): { address: Address; chainId: number } | undefined;
  switchChain(chainId: number): Promise<void>;
  estimateGas(call: ContractCall, account: Address): Promise<bigint>;
  /** eth_gasPrice of the configured chain */
  getGasPrice(): Promise<bigint>;
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
  /** Recent-transactions list: a hash was sent / its receipt came back. */
  onSent?(hash: Hash, call: ContractCall): void;
  onMined?(hash: Hash, status: "success" | "reverted"): void;
};

export type TxOptions = {
  chainId: number;
  spend?: Spend;
  /**
   * The least gas limit to send the call with. For a call whose work adapts to the gas its transaction
   * has (LpDividend's `sendReward(gas)` pays fewer holders with less), an estimate finds the least gas at
   * which it succeeds, not the gas it was asked to use.
   */
  minGas?: bigint;
};
export type TxResult = { ok: true; hash: Hash } | { ok: false; message: AppMessage };

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

type TxHooks = Pick<TxUi, "note" | "onSent" | "onMined">;

/**
 * Estimates gas (x1.1, at least `minGas`), reads the gas price, sends, waits for the receipt. A decoded
 * revert at estimation aborts before sending.
 */
async function sendOne(
  driver: TxDriver,
  call: ContractCall,
  account: Address,
  hooks: TxHooks = {},
  minGas?: bigint,
): Promise<Hash> {
  let gas: bigint;
  try {
    gas = gasLimit(await driver.estimateGas(call, account));
  } catch (err) {
    if (isDecodedRevert(err)) throw err; // the contract said no: show why instead of sending
    gas = DEFAULT_GAS;
  }
  if (minGas !== undefined && gas < minGas) gas = minGas;
  const gasPrice = await readGasPrice(driver);
  const hash = await driver.write({ ...call, account, gas, gasPrice });
  hooks.onSent?.(hash, call);
  const receipt = await driver.waitForReceipt(hash);
  hooks.onMined?.(hash, receipt.status);
  if (receipt.status !== "success") throw new TransactionRevertedError(hash);
  return hash;
}

/**
 * Approves APPROVE_AMOUNT for `spender` when the allowance is at or below ALLOWANCE_THRESHOLD or below
 * `amount`; the spend is blocked until that approval is mined.
 */
export async function ensureAllowance(
  driver: TxDriver,
  account: Address,
  spend: Spend,
  hooks: TxHooks = {},
): Promise<void> {
  const allowance = await driver.readAllowance(spend.token, account, spend.spender);
  if (allowance > ALLOWANCE_THRESHOLD && allowance >= spend.amount) return;
  const symbol = await driver.readSymbol?.(spend.token).catch(() => undefined);
  hooks.note?.({ key: "tx.approving", values: { symbol: symbol ?? "token" } });
  await sendOne(
    driver,
    {
      address: spend.token,
      abi: driver.erc20Abi,
      functionName: "approve",
      args: [spend.spender, APPROVE_AMOUNT],
    },
    account,
    hooks,
  );
  hooks.note?.(undefined);
}

/**
 * The one write path. Chain check (switch if needed) -> allowance (when a spend is declared) ->
 * gas estimate x1.1 -> send -> receipt. The pending overlay is on from the first wallet request until
 * the receipt, and always cleared. Success: "Success" toast, then cached reads are refreshed.
 * Failure: an error toast with the parsed message.
 */
export async function runTransaction(
  driver: TxDriver,
  ui: TxUi,
  call: ContractCall,
  options: TxOptions,
): Promise<TxResult> {
  const connection = driver.connection();
  if (!connection) {
    const message: AppMessage = { key: "errors.notConnected" };
    ui.toast("error", message);
    return { ok: false, message };
  }

  let result: TxResult;
  ui.beginPending();
  try {
    if (connection.chainId !== options.chainId) await driver.switchChain(options.chainId);
    if (options.spend) await ensureAllowance(driver, connection.address, options.spend, ui);
    result = { ok: true, hash: await sendOne(driver, call, connection.address, ui, options.minGas) };
  } catch (err) {
    console.error("transaction failed", err);
    result = { ok: false, message: parseError(err) };
  } finally {
    ui.note?.(undefined);
    ui.endPending();
  }

  if (!result.ok) {
    ui.toast("error", result.message);
    return result;
  }
  if (ui.succeeded) ui.succeeded(result.hash, call);
  else ui.toast("success", { key: "common.success" });
  try {
    await ui.refresh();
  } catch (err) {
    console.error("refresh after transaction failed", err); // a failed read is only logged, never toasted
  }
  return result;
}

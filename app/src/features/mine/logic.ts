import { type Address, type Hash, isAddress, isHash } from "viem";
import type { I18nKey } from "../../i18n/keys";
import type { AmountRules } from "../../lib/amount";
import type { AppMessage } from "../../i18n/keys";
import type { CreditType, PaymentDue } from "./api";

/** Flat withdrawal fee, paid in USDT to the treasury (docs/machines.md). */
export const WITHDRAW_FEE = 10n ** 18n;
/** Withdrawal minimums: USDT at least 10; ARB only above 10 (spec "arb withdrawal only above 10"). */
export const WITHDRAW_MIN: Record<CreditType, bigint> = {
  usdt: 10n * 10n ** 18n,
  arb: 10n * 10n ** 18n + 1n,
};
export const CREDIT_TYPES: readonly CreditType[] = ["usdt", "arb"];

/** Rules of the withdraw amount field: the credit type's minimum, then the balance. */
export function withdrawRules(creditType: CreditType, balance: bigint | undefined): AmountRules {
  return { min: WITHDRAW_MIN[creditType], balance };
}

export type QuantityCheck = { ok: true; value: number } | { ok: false; message: AppMessage };

/** A machine quantity: a whole number from 1 to `maxPerOrder`. */
export function parseQuantity(text: string, maxPerOrder: number): QuantityCheck {
  const input = text.trim();
  if (!/^\d+$/.test(input)) return { ok: false, message: { key: "mine.buy.wholeNumber" } };
  const value = Number(input);
  if (value < 1) return { ok: false, message: { key: "common.amountPositive" } };
  if (value > maxPerOrder) {
    return { ok: false, message: { key: "mine.buy.maxPerOrder", values: { max: maxPerOrder } } };
  }
  return { ok: true, value };
}

/** price x num, in base units. */
export function orderCost(price: string, num: number): bigint {
  return BigInt(price) * BigInt(num);
}

/** Number of pages for `total` rows (at least 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/** The page after `last` of a paged backend list, or undefined when `last` was the final one. */
export function nextPage(last: { page: number; pageSize: number; total: number }): number | undefined {
  return last.page * last.pageSize < last.total ? last.page + 1 : undefined;
}

/** A username for `register`: 1-32 characters after trimming. */
export function validateUsername(text: string): AppMessage | undefined {
  const name = text.trim();
  if (name.length === 0) return { key: "mine.register.usernameRequired" };
  if ([...name].length > 32) return { key: "mine.register.usernameTooLong" };
  return undefined;
}

/** Refuses a payment check that targets another chain than the app's. */
export function checkPayment(check: PaymentDue, chainId: number): AppMessage | undefined {
  if (check.chainId !== chainId) return { key: "mine.pay.wrongChain" };
  // a backend without a token or treasury address must not turn the payment into a contract creation
  if (!isAddress(check.token ?? "") || !isAddress(check.treasury ?? ""))
    return { key: "common.operateError" };
  if (!/^\d+$/.test(check.amount) || BigInt(check.amount) <= 0n) return { key: "common.operateError" };
  return undefined;
}

const LEDGER_KINDS = ["mining", "referral", "withdraw", "withdraw_refund"] as const;
/** The label of a ledger row's kind. */
export function ledgerKindKey(kind: string): I18nKey {
  const known = (LEDGER_KINDS as readonly string[]).includes(kind) ? kind : "other";
  return `mine.wallet.kinds.${known === "withdraw_refund" ? "withdrawRefund" : known}` as I18nKey;
}

/** A payment made on chain whose hash still has to reach the backend. Never lost until it does. */
export type PendingPayment =
  | { kind: "machine"; id: number; num: number; hash: Hash }
  | { kind: "node"; id: number; hash: Hash }
  | { kind: "withdraw"; num: string; creditType: CreditType; hash: Hash };

export const pendingPaymentsKey = (address: Address) => `minePendingPayments:${address.toLowerCase()}`;

function isPending(p: unknown): p is PendingPayment {
  if (typeof p !== "object" || p === null) return false;
  const v = p as Record<string, unknown>;
  if (typeof v.hash !== "string" || !isHash(v.hash)) return false;
  if (v.kind === "machine") return Number.isInteger(v.id) && Number.isInteger(v.num);
  if (v.kind === "node") return Number.isInteger(v.id);
  if (v.kind === "withdraw") {
    return typeof v.num === "string" && (v.creditType === "usdt" || v.creditType === "arb");
  }
  return false;
}

/** Reads the stored list, dropping malformed entries (storage is user-editable). */
export function parsePendingPayments(raw: string | null): PendingPayment[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    return Array.isArray(list) ? list.filter(isPending) : [];
  } catch {
    return [];
  }
}

export const addPending = (list: PendingPayment[], p: PendingPayment) => [
  ...list.filter((x) => x.hash !== p.hash),
  p,
];
export const removePending = (list: PendingPayment[], hash: Hash) => list.filter((x) => x.hash !== hash);

/** A `PaymentDue` that `checkPayment` accepted: the USDT contract is known. */
export type PayablePayment = PaymentDue & { token: Address };

export type PayStep = "idle" | "checking" | "paying" | "submitting" | "done" | "unsubmitted" | "failed";

export type PaidFlow = {
  /** the backend's ...Check (rejects with an ApiError on a refusal) */
  check(): Promise<PaymentDue>;
  /** the USDT transfer through the one write path; resolves the mined hash or a message */
  pay(check: PayablePayment): Promise<{ ok: true; hash: Hash } | { ok: false; message: AppMessage }>;
  /** the backend call that books the payment */
  submit(hash: Hash): Promise<unknown>;
  /** keeps / forgets the paid hash (persisted) */
  keep(hash: Hash): void;
  forget(hash: Hash): void;
  onStep(step: PayStep): void;
  chainId: number;
};

export type PaidResult =
  | { step: "done"; hash: Hash }
  | { step: "unsubmitted"; hash: Hash; error: unknown }
  | { step: "failed"; error: unknown; message?: AppMessage };

/**
 * check -> pay on chain -> submit the hash. The hash is kept before submitting and forgotten only
 * once the backend accepted it, so a failed submission (or a closed tab) never loses a paid hash.
 */
export async function runPaidFlow(flow: PaidFlow): Promise<PaidResult> {
  flow.onStep("checking");
  let check: PaymentDue;
  try {
    check = await flow.check();
  } catch (error) {
    flow.onStep("failed");
    return { step: "failed", error };
  }
  const refused = checkPayment(check, flow.chainId);
  // (checkPayment refuses a null token; the second test only tells the type checker)
  if (refused || check.token === null) {
    flow.onStep("failed");
    return { step: "failed", error: undefined, message: refused ?? { key: "common.operateError" } };
  }
  flow.onStep("paying");
  const paid = await flow.pay({ ...check, token: check.token });
  if (!paid.ok) {
    flow.onStep("failed");
    return { step: "failed", error: undefined, message: paid.message };
  }
  return submitPaid(flow, paid.hash);
}

/** Sends a paid hash to the backend (also the retry of a kept hash). */
export async function submitPaid(
  flow: Pick<PaidFlow, "submit" | "keep" | "forget" | "onStep">,
  hash: Hash,
): Promise<PaidResult> {
  flow.keep(hash);
  flow.onStep("submitting");
  try {
    await flow.submit(hash);
  } catch (error) {
    flow.onStep("unsubmitted");
    return { step: "unsubmitted", hash, error };
  }
  flow.forget(hash);
  flow.onStep("done");
  return { step: "done", hash };
}

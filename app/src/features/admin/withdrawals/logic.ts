import type { RouteBody, RouteData, WithdrawalStatus } from "@taichi/api";
import type { Address, Hash } from "viem";
import type { AppMessage } from "../../../i18n/keys";
import { formatAmount } from "../../../lib/format";

/** One request as the operator routes answer it. */
export type Withdrawal = RouteData<"admin/withdrawalApprove">;
export type WithdrawalPage = RouteData<"admin/withdrawalList">;
export type StatusFilter = WithdrawalStatus | "all";

/** The filter's choices, the queue (pending) first (the app takes only types from `@taichi/api`). */
export const STATUS_FILTERS = [
  "pending",
  "approved",
  "paid",
  "rejected",
  "all",
] as const satisfies readonly StatusFilter[];

/** What an operator may do to a request in its state (the server's state machine decides in the end). */
export type OperatorAction = "approve" | "reject" | "pay" | "refund";

/**
 * Pending: approve or reject. Approved: pay, or refund (a rejection after approval: the amount goes back
 * to the member's balance; the server lets only the approving operator do it). Paid and rejected: final.
 */
export function actionsFor(status: WithdrawalStatus): readonly OperatorAction[] {
  switch (status) {
    case "pending":
      return ["approve", "reject"];
    case "approved":
      return ["pay", "refund"];
    default:
      return [];
  }
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const HASH = /^0x[0-9a-fA-F]{64}$/;

/** The list's body from the filters: a member filter must be a whole address (or empty: every member). */
export function listBody(
  filter: { status: StatusFilter; member: string },
  page: number,
): { ok: true; body: RouteBody<"admin/withdrawalList"> } | { ok: false; message: AppMessage } {
  const member = filter.member.trim();
  if (member !== "" && !ADDRESS.test(member)) return { ok: false, message: { key: "withdrawals.badMember" } };
  return {
    ok: true,
    body: { status: filter.status, page, ...(member ? { address: member as Address } : {}) },
  };
}

/** The reason rule of `admin/withdrawalReject`: 1 to 200 characters, not blank, no control characters. */
export function checkReason(text: string): { ok: true; reason: string } | { ok: false; message: AppMessage } {
  const reason = text.trim();
  if (reason === "") return { ok: false, message: { key: "withdrawals.reasonRequired" } };
  if (reason.length > 200 || /[\u0000-\u001f\u007f]/.test(reason))
    return { ok: false, message: { key: "withdrawals.reasonInvalid" } };
  return { ok: true, reason };
}

/** A payout hash typed or pasted (e.g. from a Safe's transaction page): 0x and 64 hex digits. */
export function parseHash(text: string): Hash | undefined {
  const hash = text.trim();
  return HASH.test(hash) ? (hash.toLowerCase() as Hash) : undefined;
}

/** The token a payout sends: USDT for `usdt` requests, the MiningToken for `arb`. */
export const payoutToken = (creditType: Withdrawal["creditType"]) =>
  creditType === "usdt" ? ("Usdt" as const) : ("MiningToken" as const);

/** The credit type's symbol as the product shows it. */
export const creditSymbol = (creditType: Withdrawal["creditType"]) =>
  creditType === "usdt" ? "USDT" : "ARB";

/** The amount in full precision (an operator sends exactly it), with its symbol: "12.5 USDT". */
export const amountText = (w: Pick<Withdrawal, "amount" | "creditType">) =>
  `${formatAmount(BigInt(w.amount), { fractionDigits: 18 })} ${creditSymbol(w.creditType)}`;

/** Whether the connected wallet can send the payout itself: only the treasury's transfer is accepted. */
export const canSendPayout = (connected: Address | undefined, treasury: Address) =>
  connected !== undefined && connected.toLowerCase() === treasury.toLowerCase();

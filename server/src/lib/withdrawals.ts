/**
 * Withdrawal requests: the checks before a request (shared by `withdrawCheck` and `withdraw`) and
 * the state machine pending -> approved -> paid, and pending|approved -> rejected.
 * Each move locks the request's row and checks its state first, so of two operators moving one
 * request at once the second sees the first's result; each move writes a `withdrawal_events` row in the same
 * transaction. Rejecting gives the amount back with a ledger row. An approved request can be rejected
 * only by the operator who approved it: another operator cannot know whether a payout is already on
 * its way, and rejecting then would refund the member on top of it.
 */
import { WITHDRAWAL_STATUSES, type WithdrawalStatus } from "@taichi/api";
import * as ledger from "../data/ledger.ts";
import * as withdrawals from "../data/withdrawals.ts";
import type { Db, Queryable } from "../db/index.ts";
import { reject } from "./api.ts";
import { requireMember } from "./members.ts";
import { display, units, WITHDRAW_FEE, WITHDRAW_RULES, type CreditType } from "./money.ts";
import type { PaymentFailure } from "./payments.ts";

export { WITHDRAWAL_STATUSES, type WithdrawalStatus };

export const WITHDRAWAL_TRANSITIONS: Record<WithdrawalStatus, readonly WithdrawalStatus[]> = {
  pending: ["approved", "rejected"],
  approved: ["paid", "rejected"],
  paid: [],
  rejected: [],
};

export type WithdrawalQuote = {
  address: string;
  amount: bigint;
  fee: bigint;
  /** What the member receives: the whole amount (the fee is paid apart, in USDT). */
  net: bigint;
  balance: bigint;
  rule: (typeof WITHDRAW_RULES)[CreditType];
};

/** The rules a request must meet before its fee is paid: a member, the minimum, the balance. */
export async function quoteWithdrawal(
  db: Queryable,
  address: string,
  num: string,
  creditType: CreditType,
): Promise<WithdrawalQuote> {
  const me = await requireMember(db, address);
  const amount = units(num);
  if (amount <= 0n) throw reject("quantityTooSmall");
  const rule = WITHDRAW_RULES[creditType];
  if (creditType === "arb" && amount <= rule.min) throw reject("arbMinimum", { min: display(rule.min) });
  if (amount < rule.min) throw reject("belowMinimum", { min: display(rule.min) });
  const balance = await ledger.balanceOf(db, me.address, creditType);
  if (balance < amount) throw reject("balanceInsufficient");
  return { address: me.address, amount, fee: WITHDRAW_FEE, net: amount, balance, rule };
}

/** A move the state machine does not allow (from the request's current state), or no such request. */
export class WithdrawalStateError extends Error {
  constructor(
    readonly id: number,
    readonly to: WithdrawalStatus,
    readonly current: WithdrawalStatus | null,
  ) {
    super(
      current === null
        ? `withdrawal ${id} not found`
        : `withdrawal ${id} is ${current}, cannot move to ${to}`,
    );
    this.name = "WithdrawalStateError";
  }
}

/** An approved request rejected by an operator other than the one who approved it. */
export class NotApproverError extends Error {
  constructor(
    readonly id: number,
    readonly approver: string,
  ) {
    super(`withdrawal ${id} was approved by ${approver}; only they can reject it`);
    this.name = "NotApproverError";
  }
}

/** The payout hash already settles another withdrawal (unique `payout_tx_hash`). */
export class PayoutHashUsedError extends Error {
  constructor(readonly hash: string) {
    super(`payout ${hash} already used`);
    this.name = "PayoutHashUsedError";
  }
}

export type MoveDetails = {
  /** Who moves it (lower-case address), kept in the audit row. */
  actor: string;
  payoutTxHash?: string;
  reason?: string;
};

function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: unknown }).code === "23505";
}

/** Moves a request; answers the member's address (a rejection changed their balance). */
export async function moveWithdrawal(
  db: Db,
  id: number,
  to: WithdrawalStatus,
  details: MoveDetails,
): Promise<{ address: string }> {
  const from = WITHDRAWAL_STATUSES.filter((state) => WITHDRAWAL_TRANSITIONS[state].includes(to));
  const payout = details.payoutTxHash?.toLowerCase() ?? null;
  if ((to === "paid") !== (payout !== null))
    throw new WithdrawalStateError(id, to, await withdrawals.statusOf(db, id));
  const reason = details.reason ?? null;
  const actor = details.actor.toLowerCase();
  try {
    return await db.transaction(async (tx) => {
      // The row lock orders concurrent moves of one request: the second sees the first's result.
      const row = await withdrawals.lockForUpdate(tx, id);
      if (!row || !from.includes(row.status)) throw new WithdrawalStateError(id, to, row?.status ?? null);
      if (row.status === "approved" && to === "rejected") {
        const approver = await withdrawals.approver(tx, id);
        if (approver !== undefined && approver !== actor) throw new NotApproverError(id, approver);
      }
      await withdrawals.setStatus(tx, id, to, { payoutTxHash: payout, reason });
      await withdrawals.insertEvent(tx, {
        withdrawalId: id,
        from: row.status,
        to,
        actor,
        payoutTxHash: payout,
        reason,
      });
      if (to === "rejected") {
        await ledger.append(tx, {
          address: row.address,
          creditType: row.credit_type,
          amount: row.amount,
          kind: "withdraw_refund",
          ref: `withdrawal:${id}`,
        });
      }
      return { address: row.address };
    });
  } catch (error) {
    if (payout !== null && isUniqueViolation(error)) throw new PayoutHashUsedError(payout);
    throw error;
  }
}

export const PAYOUT_REASON_TEXT: Record<PaymentFailure, string> = {
  notFound: "transaction not found",
  failed: "transaction failed",
  unconfirmed: "not enough confirmations",
  mismatch: "no matching transfer of the amount from the treasury to the member",
  stale: "the transfer was mined before the withdrawal was requested",
  unavailable: "payout checks unavailable",
};

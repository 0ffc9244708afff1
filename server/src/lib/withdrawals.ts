/**
 * Withdrawal requests: the checks before a request (shared by `withdrawCheck` and `withdraw`) and
 * the state machine pending -> approved -> paid, and pending|approved -> rejected.
 * Each move locks the request's row and checks its state first, so of two operators moving one
 * request at once the second sees the first's result; each move writes a `withdrawal_events` row in the same
 * transaction. Rejecting gives the amount back with a ledger row. An approved request can be rejected
 * only by the operator who approved it: another operator cannot know whether a payout is already on
 * its way, and rejecting then would refund the member on top of it.
 */
import { WITHDRAWAL_STATUSES, type RouteData, type WithdrawalStatus } from "@taichi/api";
import type { Address, Hash } from "viem";
import type { Db, Queryable } from "../db/index.ts";
import { reject } from "./api.ts";
import { balanceOf, iso, requireMember } from "./members.ts";
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
  const balance = await balanceOf(db, me.address, creditType);
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
  if ((to === "paid") !== (payout !== null)) throw new WithdrawalStateError(id, to, await statusOf(db, id));
  try {
    return await db.transaction(async (tx) => {
      // The row lock orders concurrent moves of one request: the second sees the first's result.
      const { rows } = await tx.query<{
        status: WithdrawalStatus;
        address: string;
        credit_type: string;
        amount: string;
      }>(
        "SELECT status, address, credit_type, amount::text AS amount FROM withdrawals WHERE id = $1 FOR UPDATE",
        [id],
      );
      const row = rows[0];
      if (!row || !from.includes(row.status)) throw new WithdrawalStateError(id, to, row?.status ?? null);
      if (row.status === "approved" && to === "rejected") {
        const approval = await tx.query<{ actor: string }>(
          `SELECT actor FROM withdrawal_events WHERE withdrawal_id = $1 AND to_status = 'approved'
            ORDER BY id DESC LIMIT 1`,
          [id],
        );
        const approver = approval.rows[0]?.actor;
        if (approver !== undefined && approver !== details.actor.toLowerCase()) {
          throw new NotApproverError(id, approver);
        }
      }
      await tx.query(
        `UPDATE withdrawals SET status = $2, updated_at = now(),
                payout_tx_hash = coalesce($3, payout_tx_hash), reason = coalesce($4, reason)
          WHERE id = $1`,
        [id, to, payout, details.reason ?? null],
      );
      await tx.query(
        `INSERT INTO withdrawal_events (withdrawal_id, from_status, to_status, actor, payout_tx_hash, reason)
         VALUES ($1, $2, $3, $4, $5, $6)`,
        [id, row.status, to, details.actor.toLowerCase(), payout, details.reason ?? null],
      );
      if (to === "rejected") {
        await tx.query(
          `INSERT INTO ledger (address, credit_type, amount, kind, ref) VALUES ($1, $2, $3::numeric, 'withdraw_refund', $4)`,
          [row.address, row.credit_type, row.amount, `withdrawal:${id}`],
        );
      }
      return { address: row.address };
    });
  } catch (error) {
    if (payout !== null && isUniqueViolation(error)) throw new PayoutHashUsedError(payout);
    throw error;
  }
}

async function statusOf(db: Queryable, id: number): Promise<WithdrawalStatus | null> {
  const { rows } = await db.query<{ status: WithdrawalStatus }>(
    "SELECT status FROM withdrawals WHERE id = $1",
    [id],
  );
  return rows[0]?.status ?? null;
}

/** A request as the operator routes answer it (the contract's `admin/withdrawalApprove` data). */
export type WithdrawalView = RouteData<"admin/withdrawalApprove">;

type WithdrawalRow = {
  id: number;
  user_id: number;
  address: Address;
  username: string | null;
  credit_type: CreditType;
  amount: string;
  fee: string;
  fee_tx_hash: Hash;
  status: WithdrawalStatus;
  payout_tx_hash: Hash | null;
  reason: string | null;
  created_at: Date | string;
  updated_at: Date | string;
};

const VIEW_SQL = `
  SELECT w.id, m.id AS user_id, w.address, m.username, w.credit_type, w.amount::text AS amount,
         w.fee::text AS fee, w.fee_tx_hash, w.status, w.payout_tx_hash, w.reason, w.created_at, w.updated_at
    FROM withdrawals w JOIN members m ON m.address = w.address`;

function view(row: WithdrawalRow): WithdrawalView {
  return {
    id: Number(row.id),
    userId: Number(row.user_id),
    address: row.address,
    username: row.username,
    creditType: row.credit_type,
    amount: row.amount,
    fee: row.fee,
    feeTxHash: row.fee_tx_hash,
    status: row.status,
    payoutTxHash: row.payout_tx_hash,
    reason: row.reason,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export async function findWithdrawal(db: Queryable, id: number): Promise<WithdrawalView | null> {
  const { rows } = await db.query<WithdrawalRow>(`${VIEW_SQL} WHERE w.id = $1`, [id]);
  return rows[0] ? view(rows[0]) : null;
}

export const WITHDRAWAL_PAGE_SIZE = 20;

/** One page of requests in a state (or all), oldest first: the operators' queue. */
export async function listWithdrawals(
  db: Queryable,
  status: WithdrawalStatus | "all",
  page: number,
): Promise<{ total: number; list: WithdrawalView[] }> {
  const filter = status === "all" ? null : status;
  const [count, list] = await Promise.all([
    db.query<{ total: number }>(
      "SELECT count(*)::int AS total FROM withdrawals WHERE $1::text IS NULL OR status = $1",
      [filter],
    ),
    db.query<WithdrawalRow>(
      `${VIEW_SQL} WHERE $1::text IS NULL OR w.status = $1 ORDER BY w.id LIMIT $2 OFFSET $3`,
      [filter, WITHDRAWAL_PAGE_SIZE, (page - 1) * WITHDRAWAL_PAGE_SIZE],
    ),
  ]);
  return { total: Number(count.rows[0]?.total ?? 0), list: list.rows.map(view) };
}

/** One move of a request, in its audit trail. */
export type WithdrawalEvent = RouteData<"admin/withdrawalDetail">["events"][number];

export async function withdrawalEvents(db: Queryable, id: number): Promise<WithdrawalEvent[]> {
  const { rows } = await db.query<{
    id: string;
    from_status: WithdrawalStatus | null;
    to_status: WithdrawalStatus;
    actor: string | null;
    payout_tx_hash: Hash | null;
    reason: string | null;
    created_at: Date | string;
  }>(
    `SELECT id::text AS id, from_status, to_status, actor, payout_tx_hash, reason, created_at
       FROM withdrawal_events WHERE withdrawal_id = $1 ORDER BY id`,
    [id],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    fromStatus: row.from_status,
    toStatus: row.to_status,
    actor: row.actor,
    payoutTxHash: row.payout_tx_hash,
    reason: row.reason,
    createdAt: iso(row.created_at),
  }));
}

/** Whether a hash already proves a member's payment or another withdrawal's payout. */
export async function isPayoutHashUsed(db: Queryable, hash: string): Promise<boolean> {
  const { rows } = await db.query<{ used: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM payments WHERE tx_hash = $1)
         OR EXISTS (SELECT 1 FROM withdrawals WHERE payout_tx_hash = $1) AS used`,
    [hash.toLowerCase()],
  );
  return rows[0]?.used === true;
}

export const PAYOUT_REASON_TEXT: Record<PaymentFailure, string> = {
  notFound: "transaction not found",
  failed: "transaction failed",
  unconfirmed: "not enough confirmations",
  mismatch: "no matching transfer of the amount from the treasury to the member",
  stale: "the transfer was mined before the withdrawal was requested",
  unavailable: "payout checks unavailable",
};

/**
 * Withdrawal requests (`withdrawals`) and their audit trail (`withdrawal_events`, one row per move). The
 * state machine that moves them is lib/withdrawals.ts.
 */
import type { RouteData, WithdrawalStatus } from "@taichi/api";
import type { Address, Hash } from "viem";
import type { Queryable } from "../db/index.ts";
import { iso } from "../lib/api.ts";
import type { CreditType } from "../lib/money.ts";

/** A request as the operator routes answer it (the contract's `admin/withdrawalApprove` data). */
export type WithdrawalView = RouteData<"admin/withdrawalApprove">;

/** One move of a request, in its audit trail. */
export type WithdrawalEvent = RouteData<"admin/withdrawalDetail">["events"][number];

export const PAGE_SIZE = 20;

/** Records a new pending request; answers its id. */
export async function insert(
  tx: Queryable,
  request: {
    address: string;
    creditType: CreditType;
    amount: bigint;
    fee: bigint;
    feeHash: string;
    feeBlock: bigint | null;
  },
): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(
    `INSERT INTO withdrawals (address, credit_type, amount, fee, fee_tx_hash, fee_block)
     VALUES ($1, $2, $3::numeric, $4::numeric, $5, $6::bigint) RETURNING id`,
    [
      request.address,
      request.creditType,
      request.amount.toString(),
      request.fee.toString(),
      request.feeHash.toLowerCase(),
      request.feeBlock?.toString() ?? null,
    ],
  );
  return Number(rows[0]!.id);
}

export type LockedWithdrawal = {
  status: WithdrawalStatus;
  address: string;
  credit_type: string;
  amount: string;
};

/**
 * The request, its row locked until the transaction ends: concurrent moves of one request queue up, and
 * the second sees the first's result. Null when there is no such request.
 */
export async function lockForUpdate(tx: Queryable, id: number): Promise<LockedWithdrawal | null> {
  const { rows } = await tx.query<LockedWithdrawal>(
    "SELECT status, address, credit_type, amount::text AS amount FROM withdrawals WHERE id = $1 FOR UPDATE",
    [id],
  );
  return rows[0] ?? null;
}

/** Who approved the request last; undefined when nobody has. */
export async function approver(tx: Queryable, id: number): Promise<string | undefined> {
  const { rows } = await tx.query<{ actor: string }>(
    `SELECT actor FROM withdrawal_events WHERE withdrawal_id = $1 AND to_status = 'approved'
      ORDER BY id DESC LIMIT 1`,
    [id],
  );
  return rows[0]?.actor;
}

/** Sets the state, and the payout hash or reason when given (a payout hash used before: unique violation). */
export async function setStatus(
  tx: Queryable,
  id: number,
  to: WithdrawalStatus,
  details: { payoutTxHash: string | null; reason: string | null },
): Promise<void> {
  await tx.query(
    `UPDATE withdrawals SET status = $2, updated_at = now(),
            payout_tx_hash = coalesce($3, payout_tx_hash), reason = coalesce($4, reason)
      WHERE id = $1`,
    [id, to, details.payoutTxHash, details.reason],
  );
}

export async function insertEvent(
  tx: Queryable,
  event: {
    withdrawalId: number;
    from: WithdrawalStatus | null;
    to: WithdrawalStatus;
    actor: string;
    payoutTxHash?: string | null;
    reason?: string | null;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO withdrawal_events (withdrawal_id, from_status, to_status, actor, payout_tx_hash, reason)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [event.withdrawalId, event.from, event.to, event.actor, event.payoutTxHash ?? null, event.reason ?? null],
  );
}

export async function statusOf(db: Queryable, id: number): Promise<WithdrawalStatus | null> {
  const { rows } = await db.query<{ status: WithdrawalStatus }>(
    "SELECT status FROM withdrawals WHERE id = $1",
    [id],
  );
  return rows[0]?.status ?? null;
}

/** The block of the request's fee payment, when known: a payout must be mined after it. */
export async function feeBlock(db: Queryable, id: number): Promise<bigint | null> {
  const { rows } = await db.query<{ fee_block: string | null }>(
    "SELECT fee_block::text AS fee_block FROM withdrawals WHERE id = $1",
    [id],
  );
  const block = rows[0]?.fee_block;
  return block == null ? null : BigInt(block);
}

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

export async function find(db: Queryable, id: number): Promise<WithdrawalView | null> {
  const { rows } = await db.query<WithdrawalRow>(`${VIEW_SQL} WHERE w.id = $1`, [id]);
  return rows[0] ? view(rows[0]) : null;
}

/** One page of requests in a state (or all), of one member (or all), oldest first: the operators' queue. */
export async function list(
  db: Queryable,
  filter: { status: WithdrawalStatus | "all"; address: string | null },
  page: number,
): Promise<{ total: number; list: WithdrawalView[] }> {
  const status = filter.status === "all" ? null : filter.status;
  const where = "($1::text IS NULL OR w.status = $1) AND ($2::text IS NULL OR w.address = $2)";
  const params = [status, filter.address?.toLowerCase() ?? null];
  const [count, list] = await Promise.all([
    db.query<{ total: number }>(`SELECT count(*)::int AS total FROM withdrawals w WHERE ${where}`, params),
    db.query<WithdrawalRow>(`${VIEW_SQL} WHERE ${where} ORDER BY w.id LIMIT $3 OFFSET $4`, [
      ...params,
      PAGE_SIZE,
      (page - 1) * PAGE_SIZE,
    ]),
  ]);
  return { total: Number(count.rows[0]?.total ?? 0), list: list.rows.map(view) };
}

export async function events(db: Queryable, id: number): Promise<WithdrawalEvent[]> {
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

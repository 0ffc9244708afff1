/**
 * Withdrawal request state machine: pending -> approved -> paid, and pending|approved -> rejected.
 * Each move is one conditional UPDATE (the row must still be in the expected state), so two
 * operators cannot both move one request. Rejecting gives the amount back with a ledger row.
 */
import type { Db } from "../db/index.ts";

export type WithdrawalStatus = "pending" | "approved" | "paid" | "rejected";

export const WITHDRAWAL_TRANSITIONS: Record<WithdrawalStatus, readonly WithdrawalStatus[]> = {
  pending: ["approved", "rejected"],
  approved: ["paid", "rejected"],
  paid: [],
  rejected: [],
};

export class WithdrawalStateError extends Error {
  constructor(id: number, to: WithdrawalStatus) {
    super(`withdrawal ${id} cannot move to ${to}`);
    this.name = "WithdrawalStateError";
  }
}

export async function moveWithdrawal(
  db: Db,
  id: number,
  to: WithdrawalStatus,
  details: { payoutTxHash?: string; reason?: string } = {},
): Promise<void> {
  const from = (Object.keys(WITHDRAWAL_TRANSITIONS) as WithdrawalStatus[]).filter((state) =>
    WITHDRAWAL_TRANSITIONS[state].includes(to),
  );
  if (to === "paid" && !details.payoutTxHash) throw new WithdrawalStateError(id, to);
  await db.transaction(async (tx) => {
    const { rows } = await tx.query<{ address: string; credit_type: string; amount: string }>(
      `UPDATE withdrawals SET status = $2, updated_at = now(),
              payout_tx_hash = coalesce($4, payout_tx_hash), reason = coalesce($5, reason)
        WHERE id = $1 AND status = ANY($3::text[])
        RETURNING address, credit_type, amount::text AS amount`,
      [id, to, from, details.payoutTxHash?.toLowerCase() ?? null, details.reason ?? null],
    );
    const row = rows[0];
    if (!row) throw new WithdrawalStateError(id, to);
    if (to === "rejected") {
      await tx.query(
        `INSERT INTO ledger (address, credit_type, amount, kind, ref) VALUES ($1, $2, $3::numeric, 'withdraw_refund', $4)`,
        [row.address, row.credit_type, row.amount, `withdrawal:${id}`],
      );
    }
  });
}

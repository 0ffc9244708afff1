/**
 * Payments members made on chain and the server booked (`payments`, keyed by transaction hash): machine
 * and node purchases and withdrawal fees, each booked to the UTC day whose settlement pays its referral
 * shares.
 */
import type { Queryable } from "../db/index.ts";

/**
 * Arbitrary constant: the advisory lock between bookings (shared) and the daily settlement (exclusive).
 * A settlement waits for bookings already under way, and a booking that waited for a settlement sees
 * its day settled and books itself to the next one: no purchase misses its referral shares.
 */
const BOOKING_LOCK_ID = 7_202_503;

export type Purpose = "machine" | "node" | "withdraw_fee";

export async function isHashUsed(db: Queryable, hash: string): Promise<boolean> {
  const { rows } = await db.query<{ used: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM payments WHERE tx_hash = $1) AS used",
    [hash.toLowerCase()],
  );
  return rows[0]?.used === true;
}

/**
 * Books a payment inside the caller's transaction, to the first UTC day not settled yet (today, unless
 * today is settled already); false when the hash is booked already. The primary key on `tx_hash` is the
 * guard: of concurrent submissions of one hash exactly one inserts.
 */
export async function book(
  tx: Queryable,
  payment: { hash: string; address: string; purpose: Purpose; amount: bigint },
): Promise<boolean> {
  await tx.query("SELECT pg_advisory_xact_lock_shared($1)", [BOOKING_LOCK_ID]);
  const { rows } = await tx.query(
    `INSERT INTO payments (tx_hash, address, purpose, amount, day)
     VALUES ($1, $2, $3, $4::numeric,
             greatest((clock_timestamp() AT TIME ZONE 'UTC')::date, (SELECT max(day) + 1 FROM settlements)))
     ON CONFLICT (tx_hash) DO NOTHING RETURNING tx_hash`,
    [payment.hash.toLowerCase(), payment.address.toLowerCase(), payment.purpose, payment.amount.toString()],
  );
  return rows.length > 0;
}

/** Waits for the bookings under way, and holds later ones back until the transaction ends (settlement). */
export async function holdBookings(tx: Queryable): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock($1)", [BOOKING_LOCK_ID]);
}

export type BookedPayment = { hash: string; address: string; purpose: string; amount: string; day: string };

/** Payments booked to the last `days` UTC days (today included), oldest first. */
export async function bookedSince(db: Queryable, days: number): Promise<BookedPayment[]> {
  const { rows } = await db.query<BookedPayment>(
    `SELECT tx_hash AS hash, address, purpose, amount::text AS amount, day::text AS day FROM payments
      WHERE day > (now() AT TIME ZONE 'UTC')::date - $1::int ORDER BY day, tx_hash`,
    [days],
  );
  return rows;
}

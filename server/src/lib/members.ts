/** Queries shared by the member routes. Addresses are lower-case here. */
import { isAddressEqual, type Address, type Hash } from "viem";
import type { Queryable } from "../db/index.ts";
import { reject } from "./api.ts";
import type { CreditType } from "./money.ts";
import type { PaymentFailure, PaymentTarget, VerifyPayment } from "./payments.ts";

export type MemberRow = {
  id: number;
  address: string;
  username: string | null;
  recommend: string | null;
  created_at: Date | string;
};

export async function findMember(db: Queryable, address: string): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>(
    "SELECT id, address, username, recommend, created_at FROM members WHERE address = $1",
    [address.toLowerCase()],
  );
  return rows[0] ?? null;
}

/** The signed-in member, or a 4800 "please register first". */
export async function requireMember(db: Queryable, address: string): Promise<MemberRow> {
  const member = await findMember(db, address);
  if (!member) throw reject("notRegistered");
  return member;
}

/**
 * A scalar subquery: the balance (text, base units) of `address` in `creditType` (SQL expressions),
 * from `wallet_balances`, which a trigger keeps equal to the sum of the member's ledger rows.
 */
export function balanceSql(address: string, creditType: string): string {
  return `coalesce((SELECT balance FROM wallet_balances WHERE address = ${address} AND credit_type = ${creditType}), 0)::text`;
}

/** A scalar subquery: power of `address`'s machines that have not expired (bought today included). */
export function powerSql(address: string): string {
  return `(SELECT coalesce(sum(power), 0)::int FROM member_machines
            WHERE address = ${address} AND end_day > (now() AT TIME ZONE 'UTC')::date)`;
}

export async function balanceOf(db: Queryable, address: string, creditType: CreditType): Promise<bigint> {
  const { rows } = await db.query<{ balance: string }>(`SELECT ${balanceSql("$1", "$2")} AS balance`, [
    address.toLowerCase(),
    creditType,
  ]);
  return BigInt(rows[0]?.balance ?? "0");
}

/** Power of machines that have not expired (bought today included), without node bonus. */
export async function powerOf(db: Queryable, address: string): Promise<number> {
  const { rows } = await db.query<{ power: number }>(`SELECT ${powerSql("$1")} AS power`, [
    address.toLowerCase(),
  ]);
  return Number(rows[0]?.power ?? 0);
}

export async function isHashUsed(db: Queryable, hash: string): Promise<boolean> {
  const { rows } = await db.query<{ used: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM payments WHERE tx_hash = $1) AS used",
    [hash.toLowerCase()],
  );
  return rows[0]?.used === true;
}

const REASON_TEXT: Record<PaymentFailure, string> = {
  notFound: "transaction not found",
  failed: "transaction failed",
  unconfirmed: "not enough confirmations",
  mismatch: "no matching USDT transfer to the treasury",
  stale: "the transfer is older than this request",
  unavailable: "payment checks unavailable",
};

/**
 * Checks a payment on chain (through the app's verifier) and answers the block that holds it; refuses
 * a hash already booked, and a payment
 * from the treasury itself: whoever holds the treasury key would otherwise get machines (and referral
 * credit for its uplines) by moving its own funds back to itself.
 */
export async function checkPayment(
  db: Queryable,
  payments: { verifyPayment: VerifyPayment; paymentTarget: PaymentTarget },
  claim: { hash: string; from: string; amount: bigint },
): Promise<{ blockNumber: bigint | null }> {
  if (isAddressEqual(claim.from as Address, payments.paymentTarget.treasury)) throw reject("treasuryPayer");
  if (await isHashUsed(db, claim.hash)) throw reject("hashUsed");
  const result = await payments.verifyPayment({
    hash: claim.hash.toLowerCase() as Hash,
    from: claim.from.toLowerCase() as Address,
    amount: claim.amount,
  });
  if (!result.ok) throw reject("paymentInvalid", { reason: REASON_TEXT[result.reason] });
  return { blockNumber: result.blockNumber ?? null };
}

/**
 * Arbitrary constant: the advisory lock between bookings (shared) and the daily settlement (exclusive).
 * A settlement waits for bookings already under way, and a booking that waited for a settlement sees
 * its day settled and books itself to the next one: no purchase misses its referral shares.
 */
export const BOOKING_LOCK_ID = 7_202_503;

/**
 * Books a verified payment inside the caller's transaction, to the first UTC day not settled yet (today,
 * unless today is settled already). The primary key on `tx_hash` is the guard: of concurrent
 * submissions of one hash exactly one inserts, the others are refused.
 */
export async function bookPayment(
  tx: Queryable,
  payment: { hash: string; address: string; purpose: "machine" | "node" | "withdraw_fee"; amount: bigint },
): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock_shared($1)", [BOOKING_LOCK_ID]);
  const { rows } = await tx.query(
    `INSERT INTO payments (tx_hash, address, purpose, amount, day)
     VALUES ($1, $2, $3, $4::numeric,
             greatest((clock_timestamp() AT TIME ZONE 'UTC')::date, (SELECT max(day) + 1 FROM settlements)))
     ON CONFLICT (tx_hash) DO NOTHING RETURNING tx_hash`,
    [payment.hash.toLowerCase(), payment.address.toLowerCase(), payment.purpose, payment.amount.toString()],
  );
  if (rows.length === 0) throw reject("hashUsed");
}

export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

/** A `date` column as `YYYY-MM-DD` (PGlite and pg may return Date or string). */
export function isoDay(value: Date | string): string {
  return typeof value === "string" ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

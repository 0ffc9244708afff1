/**
 * The ledger (every credit and debit, append-only) and `wallet_balances`, which a trigger keeps equal to
 * the sum of each member's ledger rows per credit type. Amounts: numeric(78,0) in SQL, text here.
 */
import type { Queryable } from "../db/index.ts";
import type { CreditType } from "../lib/money.ts";

/** A scalar subquery: the balance (text, base units) of `address` in `creditType` (SQL expressions). */
export function balanceSql(address: string, creditType: string): string {
  return `coalesce((SELECT balance FROM wallet_balances WHERE address = ${address} AND credit_type = ${creditType}), 0)::text`;
}

export async function balanceOf(db: Queryable, address: string, creditType: CreditType): Promise<bigint> {
  const { rows } = await db.query<{ balance: string }>(`SELECT ${balanceSql("$1", "$2")} AS balance`, [
    address.toLowerCase(),
    creditType,
  ]);
  return BigInt(rows[0]?.balance ?? "0");
}

export type LedgerEntry = {
  address: string;
  creditType: string;
  /** Signed, base units. */
  amount: bigint | string;
  kind: "withdraw" | "withdraw_refund";
  /** What the row is for (`withdrawal:<id>`); `(kind, ref)` is unique. */
  ref: string;
};

export async function append(tx: Queryable, entry: LedgerEntry): Promise<void> {
  await tx.query(
    `INSERT INTO ledger (address, credit_type, amount, kind, ref) VALUES ($1, $2, $3::numeric, $4, $5)`,
    [entry.address, entry.creditType, entry.amount.toString(), entry.kind, entry.ref],
  );
}

export type LedgerRow = {
  id: string;
  amount: string;
  kind: string;
  day: string | null;
  created_at: Date | string;
};

/** How many rows `address` has in `creditType`, and one page of them, newest first. */
export async function page(
  db: Queryable,
  address: string,
  creditType: CreditType,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: LedgerRow[] }> {
  const [count, list] = await Promise.all([
    db.query<{ total: number }>(
      "SELECT count(*)::int AS total FROM ledger WHERE address = $1 AND credit_type = $2",
      [address, creditType],
    ),
    db.query<LedgerRow>(
      `SELECT id::text AS id, amount::text AS amount, kind, day::text AS day, created_at FROM ledger
        WHERE address = $1 AND credit_type = $2 ORDER BY id DESC LIMIT $3 OFFSET $4`,
      [address, creditType, limit, offset],
    ),
  ]);
  return { total: Number(count.rows[0]?.total ?? 0), rows: list.rows };
}

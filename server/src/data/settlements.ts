/**
 * Daily settlements (`settlements`, one row per settled UTC day) and what they book to the ledger: mining
 * output in ARB and referral shares in USDT (docs/machines.md). jobs/settlement.ts runs them in order.
 */
import type { Queryable } from "../db/index.ts";
import { OUTPUT_PER_POWER, REFERRAL_BPS } from "../lib/money.ts";

/** Marks `day` settled; false when it was already (a second run of a day does nothing). */
export async function claim(tx: Queryable, day: string): Promise<boolean> {
  const { rows } = await tx.query(
    "INSERT INTO settlements (day) VALUES ($1::date) ON CONFLICT (day) DO NOTHING RETURNING day",
    [day],
  );
  return rows.length > 0;
}

/**
 * Books `day`'s mining output to every member with running machines: power x output per power x node
 * bonus, in ARB. Answers the total booked (text, base units).
 */
export async function bookMining(tx: Queryable, day: string): Promise<string> {
  const { rows } = await tx.query<{ total: string | null }>(
    `WITH booked AS (
       INSERT INTO ledger (address, credit_type, amount, kind, ref, day)
       SELECT m.address, 'arb',
              div(sum(m.power)::numeric * (10000 + coalesce(max(l.bonus_bps), 0)) * $2::numeric, 10000),
              'mining', 'mining:' || $1 || ':' || m.address, $1::date
         FROM member_machines m
         LEFT JOIN member_nodes n ON n.address = m.address
         LEFT JOIN node_levels l ON l.id = n.level_id
        WHERE m.start_day <= $1::date AND m.end_day > $1::date
        GROUP BY m.address
       ON CONFLICT (kind, ref) DO NOTHING
       RETURNING amount
     ) SELECT sum(amount)::text AS total FROM booked`,
    [day, OUTPUT_PER_POWER.toString()],
  );
  return rows[0]?.total ?? "0";
}

/**
 * Books the referral shares of `day`'s machine and node purchases to the buyers' two uplines, in USDT.
 * Answers the total booked (text, base units).
 */
export async function bookReferrals(tx: Queryable, day: string): Promise<string> {
  const { rows } = await tx.query<{ total: string | null }>(
    `WITH RECURSIVE paid AS (
       SELECT p.tx_hash, p.address, p.amount FROM payments p
        WHERE p.purpose IN ('machine', 'node') AND p.day = $1::date
     ), uplines (tx_hash, amount, address, generation) AS (
       SELECT paid.tx_hash, paid.amount, m.recommend, 1 FROM paid JOIN members m ON m.address = paid.address
        WHERE m.recommend IS NOT NULL
       UNION ALL
       SELECT u.tx_hash, u.amount, m.recommend, u.generation + 1 FROM uplines u JOIN members m ON m.address = u.address
        WHERE m.recommend IS NOT NULL AND u.generation < 2
     ), booked AS (
       INSERT INTO ledger (address, credit_type, amount, kind, ref, day)
       SELECT address, 'usdt', div(amount * (CASE generation WHEN 1 THEN $2::numeric ELSE $3::numeric END), 10000),
              'referral', 'referral:' || tx_hash || ':' || generation, $1::date
         FROM uplines
        WHERE div(amount * (CASE generation WHEN 1 THEN $2::numeric ELSE $3::numeric END), 10000) > 0
       ON CONFLICT (kind, ref) DO NOTHING
       RETURNING amount
     ) SELECT sum(amount)::text AS total FROM booked`,
    [day, REFERRAL_BPS[0].toString(), REFERRAL_BPS[1].toString()],
  );
  return rows[0]?.total ?? "0";
}

export async function setTotals(tx: Queryable, day: string, mining: string, referral: string): Promise<void> {
  await tx.query(
    "UPDATE settlements SET mining_total = $2::numeric, referral_total = $3::numeric WHERE day = $1",
    [day, mining, referral],
  );
}

/** The first day not settled: the day after the last settled one, else the first day with activity, else null. */
export async function nextDay(db: Queryable): Promise<string | null> {
  const { rows } = await db.query<{ next: string | null }>(
    `SELECT coalesce(
       (SELECT (max(day) + 1)::text FROM settlements),
       (SELECT least((SELECT min(start_day) FROM member_machines),
                     (SELECT min(day) FROM payments))::text)
     ) AS next`,
  );
  return rows[0]?.next ?? null;
}

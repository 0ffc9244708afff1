/**
 * Daily settlement (docs/machines.md). `settleDay` books one UTC day in one transaction:
 * mining output in ARB to every member with running machines (power x node bonus), and
 * referral shares in USDT (5% / 3%) of that day's machine and node purchases to the two uplines.
 * The `settlements` row is inserted first: a second run of a day finds it and does nothing; a
 * crash rolls back the row together with everything else, so a rerun books the day once.
 */
import type { Db, Queryable } from "../db/index.ts";
import { BOOKING_LOCK_ID } from "../lib/members.ts";
import { OUTPUT_PER_POWER, REFERRAL_BPS } from "../lib/money.ts";

export type SettleResult = { day: string; settled: boolean; mining: string; referral: string };
export type SettleHooks = { afterMining?: (tx: Queryable) => Promise<void> };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function settleDay(db: Db, day: string, hooks: SettleHooks = {}): Promise<SettleResult> {
  if (!DAY.test(day)) throw new Error(`settleDay: bad day ${JSON.stringify(day)}`);
  return db.transaction(async (tx) => {
    // A day of every member's mining is one long statement: no request statement timeout here.
    await tx.exec("SET LOCAL statement_timeout = 0");
    // Waits for bookings under way; later ones see this day settled and go to the next (members.ts).
    await tx.query("SELECT pg_advisory_xact_lock($1)", [BOOKING_LOCK_ID]);
    const claimed = await tx.query(
      "INSERT INTO settlements (day) VALUES ($1::date) ON CONFLICT (day) DO NOTHING RETURNING day",
      [day],
    );
    if (claimed.rows.length === 0) return { day, settled: false, mining: "0", referral: "0" };

    const mining = await tx.query<{ total: string | null }>(
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
    await hooks.afterMining?.(tx);

    const referral = await tx.query<{ total: string | null }>(
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
    const miningTotal = mining.rows[0]?.total ?? "0";
    const referralTotal = referral.rows[0]?.total ?? "0";
    await tx.query(
      "UPDATE settlements SET mining_total = $2::numeric, referral_total = $3::numeric WHERE day = $1",
      [day, miningTotal, referralTotal],
    );
    return { day, settled: true, mining: miningTotal, referral: referralTotal };
  });
}

function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Settles every finished day not settled yet (from the first activity up to `today - 1`), oldest first. */
export async function settlePending(db: Db, today: string, maxDays = 400): Promise<SettleResult[]> {
  const { rows } = await db.query<{ next: string | null }>(
    `SELECT coalesce(
       (SELECT (max(day) + 1)::text FROM settlements),
       (SELECT least((SELECT min(start_day) FROM member_machines),
                     (SELECT min(day) FROM payments))::text)
     ) AS next`,
  );
  const results: SettleResult[] = [];
  let day = rows[0]?.next ?? null;
  while (day !== null && day < today && results.length < maxDays) {
    results.push(await settleDay(db, day));
    day = addDays(day, 1);
  }
  return results;
}

export function utcToday(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

type Logger = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

export type SettlementJobOptions = {
  intervalMs?: number;
  /**
   * Called after each run that settled a day (its ledger rows are committed), and after a failed run
   * (days before the failing one may be committed).
   */
  onSettled?: () => void;
};

/** Runs `settlePending` now and then every `intervalMs`; returns a stop function. */
export function startSettlementJob(
  db: Db,
  log: Logger,
  { intervalMs = 10 * 60_000, onSettled }: SettlementJobOptions = {},
): () => void {
  let running = false;
  const tick = async () => {
    if (running) return;
    running = true;
    let changed = false;
    try {
      for (const result of await settlePending(db, utcToday())) {
        if (result.settled) {
          changed = true;
          log.info(result, "day settled");
        }
      }
    } catch (error) {
      changed = true;
      log.error({ err: error }, "settlement failed; retried on the next run");
    } finally {
      running = false;
      if (changed) onSettled?.();
    }
  };
  void tick();
  const timer = setInterval(() => void tick(), intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

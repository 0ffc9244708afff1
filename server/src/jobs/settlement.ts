/**
 * Daily settlement (docs/machines.md). `settleDay` books one UTC day in one transaction:
 * mining output in ARB to every member with running machines (power x node bonus), and
 * referral shares in USDT (5% / 3%) of that day's machine and node purchases to the two uplines.
 * The `settlements` row is inserted first: a second run of a day finds it and does nothing; a
 * crash rolls back the row together with everything else, so a rerun books the day once.
 */
import * as payments from "../data/payments.ts";
import * as settlements from "../data/settlements.ts";
import type { Db, Queryable } from "../db/index.ts";

export type SettleResult = { day: string; settled: boolean; mining: string; referral: string };
export type SettleHooks = { afterMining?: (tx: Queryable) => Promise<void> };

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export async function settleDay(db: Db, day: string, hooks: SettleHooks = {}): Promise<SettleResult> {
  if (!DAY.test(day)) throw new Error(`settleDay: bad day ${JSON.stringify(day)}`);
  return db.transaction(async (tx) => {
    // A day of every member's mining is one long statement: no request statement timeout here.
    await tx.exec("SET LOCAL statement_timeout = 0");
    // Waits for bookings under way; later ones see this day settled and go to the next (data/payments.ts).
    await payments.holdBookings(tx);
    if (!(await settlements.claim(tx, day))) return { day, settled: false, mining: "0", referral: "0" };
    const mining = await settlements.bookMining(tx, day);
    await hooks.afterMining?.(tx);
    const referral = await settlements.bookReferrals(tx, day);
    await settlements.setTotals(tx, day, mining, referral);
    return { day, settled: true, mining, referral };
  });
}

function addDays(day: string, n: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + n);
  return date.toISOString().slice(0, 10);
}

/** Settles every finished day not settled yet (from the first activity up to `today - 1`), oldest first. */
export async function settlePending(db: Db, today: string, maxDays = 400): Promise<SettleResult[]> {
  const results: SettleResult[] = [];
  let day = await settlements.nextDay(db);
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

/**
 * A purchase and its day's settlement (on PostgreSQL a purchase committed across midnight
 * could miss that day's settlement). Whatever the order, each purchase pays its referral shares once:
 * in its day's settlement when it was booked before that settlement, else in the next day's.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Db } from "../src/db/index.ts";
import { settleDay, utcToday } from "../src/jobs/settlement.ts";
import { bookPayment } from "../src/lib/members.ts";
import { units } from "../src/lib/money.ts";
import { addressOf, createTestDb, lockWaits, NEEDS_POSTGRES, POSTGRES_URL, resetDb } from "./helpers.ts";

let db: Db;
beforeAll(async () => {
  db = await createTestDb();
});
afterAll(() => db.close());
beforeEach(async () => {
  await resetDb(db);
  await db.query("INSERT INTO members (address, recommend) VALUES ($1, NULL), ($2, $1)", [REFERRER, BUYER]);
});

const REFERRER = addressOf(1);
const BUYER = addressOf(2);
const HASH = `0x${"ab".repeat(32)}`;
const PRICE = units("100");

function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

/** The referrer's 5% share of the purchase, as booked by settlement: its day, or nothing. */
async function referralDays(): Promise<string[]> {
  const { rows } = await db.query<{ day: string }>(
    "SELECT day::text AS day FROM ledger WHERE kind = 'referral' AND address = $1",
    [REFERRER],
  );
  return rows.map((row) => row.day);
}

describe("a purchase and its day's settlement", () => {
  it("a purchase booked after its day was settled is paid by the next day's settlement", async () => {
    const today = utcToday();
    await settleDay(db, today);
    await db.transaction((tx) =>
      bookPayment(tx, { hash: HASH, address: BUYER, purpose: "machine", amount: PRICE }),
    );
    const { rows } = await db.query<{ day: string }>("SELECT day::text AS day FROM payments");
    expect(rows).toEqual([{ day: nextDay(today) }]);
    await settleDay(db, nextDay(today));
    expect(await referralDays()).toEqual([nextDay(today)]);
  });

  // PGlite runs one transaction at a time, so a booking cannot be under way while a settlement runs.
  it.skipIf(!POSTGRES_URL)(
    `a settlement waits for a purchase under way, and pays it ${NEEDS_POSTGRES}`,
    async () => {
      const today = utcToday();
      let commit!: () => void;
      const gate = new Promise<void>((resolve) => (commit = resolve));
      let booked!: () => void;
      const isBooked = new Promise<void>((resolve) => (booked = resolve));
      // The purchase: booked before midnight, its transaction still open.
      const purchase = db.transaction(async (tx) => {
        await bookPayment(tx, { hash: HASH, address: BUYER, purpose: "machine", amount: PRICE });
        booked();
        await gate;
      });
      await isBooked;
      // Midnight passes; the settlement of the purchase's day starts.
      let settled = false;
      const settlement = settleDay(db, today).finally(() => (settled = true));
      // It waits on the booking lock (without the lock it would settle the day without the purchase).
      await vi.waitFor(
        async () => {
          if (settled) return;
          expect(await lockWaits(db, "advisory")).toBe(1);
        },
        { timeout: 10_000, interval: 20 },
      );
      commit();
      await purchase;
      await settlement;
      expect(await referralDays()).toEqual([today]);
    },
  );
});

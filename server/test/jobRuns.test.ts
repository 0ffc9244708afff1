/**
 * The payment audit runs once per interval for all API instances on one database (`jobRuns.claim`), not once
 * per instance: on PGlite and, with TEST_DATABASE_URL, on PostgreSQL, where instances really race.
 */
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Db } from "../src/db/index.ts";
import { claim as claimRun } from "../src/data/jobRuns.ts";
import { createTestDb, resetDb } from "./helpers.ts";

const TEN_MINUTES = 10 * 60_000;
let db: Db;

beforeAll(async () => {
  db = await createTestDb();
});
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  await resetDb(db);
});

it("one instance claims the interval; the others skip it until the interval has passed", async () => {
  expect(await claimRun(db, "payment_audit", TEN_MINUTES)).toBe(true);
  expect(await claimRun(db, "payment_audit", TEN_MINUTES)).toBe(false);
  // another job is claimed on its own
  expect(await claimRun(db, "other", TEN_MINUTES)).toBe(true);

  await db.query("UPDATE job_runs SET started_at = started_at - interval '8 minutes'");
  expect(await claimRun(db, "payment_audit", TEN_MINUTES)).toBe(false);
  // a timer that fires a little early still claims its interval
  await db.query("UPDATE job_runs SET started_at = started_at - interval '1 minute 30 seconds'");
  expect(await claimRun(db, "payment_audit", TEN_MINUTES)).toBe(true);
  expect(await claimRun(db, "payment_audit", TEN_MINUTES)).toBe(false);
});

it("instances firing at the same moment: exactly one runs", async () => {
  for (let round = 0; round < 5; round++) {
    await resetDb(db);
    const claims = await Promise.all(
      Array.from({ length: 8 }, () => claimRun(db, "payment_audit", TEN_MINUTES)),
    );
    expect(claims.filter(Boolean)).toHaveLength(1);
  }
});

/**
 * The Db contract, for each implementation: PGlite always; a PostgreSQL server when
 * TEST_DATABASE_URL is set (e.g. postgres://postgres@127.0.0.1:5432/taichi_test).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, DatabaseBusyError, type Db } from "../src/db/index.ts";
import type { DatabaseConfig } from "../src/env.ts";
import { PGLITE_MEMORY } from "../src/env.ts";
import { ORPHAN_AGE_SECONDS, scratchDatabase } from "../src/db/scratch.ts";
import { NEEDS_POSTGRES, POSTGRES_URL } from "./helpers.ts";

const postgresUrl = POSTGRES_URL ?? "";

describe("Db on pglite", () => dbContract({ kind: "pglite", dataDir: PGLITE_MEMORY }));
describe.skipIf(!POSTGRES_URL)(`Db on postgres ${NEEDS_POSTGRES}`, () =>
  dbContract({ kind: "postgres", url: postgresUrl }),
);

function dbContract(config: DatabaseConfig) {
  let db: Db;
  const table = `db_contract_${process.pid}`;

  beforeAll(async () => {
    db = await createDb(config);
    await db.exec(`DROP TABLE IF EXISTS ${table}; CREATE TABLE ${table} (id int PRIMARY KEY, label text);`);
  });

  afterAll(async () => {
    await db.exec(`DROP TABLE IF EXISTS ${table}`);
    await db.close();
  });

  it("reports its kind", () => {
    expect(db.kind).toBe(config.kind);
  });

  it("binds $n parameters", async () => {
    const { rows } = await db.query<{ a: number; b: string }>("SELECT $1::int + 1 AS a, $2::text AS b", [
      41,
      "it's; DROP TABLE x",
    ]);
    expect(rows).toEqual([{ a: 42, b: "it's; DROP TABLE x" }]);
  });

  it("commits a transaction that resolves", async () => {
    const result = await db.transaction(async (tx) => {
      await tx.query(`INSERT INTO ${table} VALUES ($1, $2)`, [1, "one"]);
      await tx.exec(`INSERT INTO ${table} VALUES (2, 'two'); INSERT INTO ${table} VALUES (3, 'three');`);
      return "done";
    });
    expect(result).toBe("done");
    const { rows } = await db.query(`SELECT id FROM ${table} ORDER BY id`);
    expect(rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
  });

  it("rolls back a transaction that throws, and rethrows", async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${table} VALUES ($1, $2)`, [10, "ten"]);
        throw new Error("stop");
      }),
    ).rejects.toThrow("stop");
    const { rows } = await db.query(`SELECT id FROM ${table} WHERE id = 10`);
    expect(rows).toEqual([]);
    // The database stays usable afterwards.
    await db.query(`INSERT INTO ${table} VALUES (11, 'eleven')`);
  });
}

// PGlite cannot interrupt a statement (one thread, no timer signal): its request paths are bounded instead.
describe.skipIf(!POSTGRES_URL)(`statement timeout on postgres ${NEEDS_POSTGRES}`, () => {
  it("turns a statement past the timeout into DatabaseBusyError; the pool keeps serving; jobs lift it", async () => {
    const db = await createDb({ kind: "postgres", url: postgresUrl }, { statementTimeoutMs: 200 });
    try {
      const started = Date.now();
      await expect(db.query("SELECT pg_sleep(3)")).rejects.toBeInstanceOf(DatabaseBusyError);
      await expect(db.transaction((tx) => tx.query("SELECT pg_sleep(3)"))).rejects.toBeInstanceOf(
        DatabaseBusyError,
      );
      expect(Date.now() - started).toBeLessThan(2500);
      expect((await db.query("SELECT 1 AS one")).rows).toEqual([{ one: 1 }]);
      await db.transaction(async (tx) => {
        await tx.exec("SET LOCAL statement_timeout = 0");
        await tx.query("SELECT pg_sleep(0.4)");
      });
    } finally {
      await db.close();
    }
  });
});

it.skipIf(!POSTGRES_URL)(
  `a new scratch database drops those an interrupted run left over a day ago, not a running one's ${NEEDS_POSTGRES}`,
  async () => {
    const admin = await createDb({ kind: "postgres", url: postgresUrl });
    const names = async () =>
      (await admin.query<{ datname: string }>("SELECT datname FROM pg_database")).rows.map((r) => r.datname);
    const now = Math.floor(Date.now() / 1000);
    const orphan = `taichi_scratchtest_${now - ORPHAN_AGE_SECONDS - 60}_1_orphan`;
    const running = `taichi_scratchtest_${now - 3600}_2_running`;
    try {
      for (const name of [orphan, running]) await admin.query(`CREATE DATABASE ${name}`);
      const fresh = await scratchDatabase(postgresUrl, "taichi_scratchtest");
      const after = await names();
      expect(after).not.toContain(orphan);
      expect(after).toContain(running);
      expect(after).toContain(new URL(fresh.url).pathname.slice(1));
      await fresh.drop();
    } finally {
      for (const name of [orphan, running]) await admin.query(`DROP DATABASE IF EXISTS ${name}`);
      await admin.close();
    }
  },
);

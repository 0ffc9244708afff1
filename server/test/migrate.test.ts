import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createDb, migrate, type Db } from "../src/db/index.ts";
import { listMigrations } from "../src/db/migrate.ts";
import { PGLITE_MEMORY } from "../src/env.ts";
import { ALICE, BOB, insertMember } from "./helpers.ts";

const ALL = [
  "0001_init",
  "0002_machines",
  "0003_withdrawal_ops",
  "0004_wallet_balances",
  "0005_team_totals",
  "0006_sign_in_limits",
  "0007_payout_after_request",
  "0008_payment_day",
];

const cleanups: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), "taichi-server-"));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

let shared: Db | undefined;

afterAll(async () => {
  await shared?.close();
});

/** One in-memory PGlite for the file (booting one is the slow part), emptied for each test. */
async function memoryDb(): Promise<Db> {
  shared ??= await createDb({ kind: "pglite", dataDir: PGLITE_MEMORY });
  await shared.exec("DROP SCHEMA public CASCADE; CREATE SCHEMA public;");
  return shared;
}

async function tables(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    "SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1",
  );
  return rows.map((row) => row.name);
}

describe("migrate", () => {
  it("creates the schema and records each migration", async () => {
    const db = await memoryDb();
    expect(await migrate(db)).toEqual({ applied: ALL });
    expect(await tables(db)).toEqual([
      "announcements",
      "auth_nonces",
      "ledger",
      "machine_types",
      "member_machines",
      "member_nodes",
      "members",
      "node_levels",
      "payments",
      "schema_migrations",
      "sessions",
      "settlements",
      "team_power",
      "team_totals",
      "wallet_balances",
      "withdrawal_events",
      "withdrawals",
    ]);
    const { rows } = await db.query("SELECT version, name FROM schema_migrations ORDER BY version");
    expect(rows).toEqual([
      { version: 1, name: "0001_init" },
      { version: 2, name: "0002_machines" },
      { version: 3, name: "0003_withdrawal_ops" },
      { version: 4, name: "0004_wallet_balances" },
      { version: 5, name: "0005_team_totals" },
      { version: 6, name: "0006_sign_in_limits" },
      { version: 7, name: "0007_payout_after_request" },
      { version: 8, name: "0008_payment_day" },
    ]);
  });

  it("is idempotent: a second run applies nothing and keeps the data", async () => {
    const db = await memoryDb();
    await migrate(db);
    await insertMember(db, ALICE);
    expect(await migrate(db)).toEqual({ applied: [] });
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM members");
    expect(rows[0]?.n).toBe(1);
    const recorded = await db.query("SELECT version FROM schema_migrations");
    expect(recorded.rows).toHaveLength(ALL.length);
  });

  it("survives a restart on a PGlite folder", async () => {
    const dataDir = path.join(await tempDir(), "pglite");
    const first = await createDb({ kind: "pglite", dataDir });
    expect(await migrate(first)).toEqual({ applied: ALL });
    await insertMember(first, ALICE);
    await first.close();

    const second = await createDb({ kind: "pglite", dataDir });
    cleanups.push(() => second.close());
    expect(await migrate(second)).toEqual({ applied: [] });
    const { rows } = await second.query("SELECT address FROM members");
    expect(rows).toEqual([{ address: ALICE }]);
  });

  it("applies files in numeric order and only the new ones", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "2_second.sql"), "INSERT INTO log VALUES ('two');");
    await writeFile(
      path.join(dir, "1_first.sql"),
      "CREATE TABLE log (entry text); INSERT INTO log VALUES ('one');",
    );
    await writeFile(path.join(dir, "README.txt"), "not a migration");
    const db = await memoryDb();
    expect(await migrate(db, { dir })).toEqual({ applied: ["1_first", "2_second"] });

    await writeFile(path.join(dir, "10_tenth.sql"), "INSERT INTO log VALUES ('ten');");
    expect(await migrate(db, { dir })).toEqual({ applied: ["10_tenth"] });
    const { rows } = await db.query<{ entry: string }>("SELECT entry FROM log");
    expect(rows.map((row) => row.entry)).toEqual(["one", "two", "ten"]);
  });

  it("rolls everything back when one migration fails", async () => {
    const dir = await tempDir();
    await writeFile(path.join(dir, "1_ok.sql"), "CREATE TABLE kept_only_if_all_pass (id int);");
    await writeFile(
      path.join(dir, "2_broken.sql"),
      "CREATE TABLE oops (id int); SELECT * FROM no_such_table;",
    );
    const db = await memoryDb();
    await expect(migrate(db, { dir })).rejects.toThrow(/2_broken\.sql failed/);
    expect(await tables(db)).toEqual([]);
  });

  it("refuses badly named or duplicate migration files", async () => {
    const badName = await tempDir();
    await writeFile(path.join(badName, "init.sql"), "SELECT 1;");
    await expect(listMigrations(badName)).rejects.toThrow(/init\.sql must be named/);

    const duplicate = await tempDir();
    await writeFile(path.join(duplicate, "1_a.sql"), "SELECT 1;");
    await writeFile(path.join(duplicate, "01_b.sql"), "SELECT 1;");
    await expect(listMigrations(duplicate)).rejects.toThrow(/share version 1/);
  });
});

describe("schema 0001", () => {
  it("only stores lower-case 0x addresses, each once", async () => {
    const db = await memoryDb();
    await migrate(db);
    await insertMember(db, ALICE);
    await expect(insertMember(db, ALICE)).rejects.toThrow(/unique/i);
    await expect(insertMember(db, `0x${"AB".repeat(20)}`)).rejects.toThrow(/check/i);
    await expect(insertMember(db, "0x1234")).rejects.toThrow(/check/i);
    await expect(insertMember(db, BOB, "not-an-address")).rejects.toThrow(/check/i);
    await insertMember(db, BOB, ALICE);
  });
});

import { copyFile, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { createDb, migrate, type Db } from "../src/db/index.ts";
import { listMigrations, MIGRATIONS_DIR } from "../src/db/migrate.ts";
import { PGLITE_MEMORY } from "../src/env.ts";
import { ALICE, BOB, insertMember } from "./helpers.ts";

const CAROL = "0x00000000000000000000000000000000000ca401";

const ALL = [
  "0001_init",
  "0002_machines",
  "0003_withdrawal_ops",
  "0004_wallet_balances",
  "0005_team_totals",
  "0006_sign_in_limits",
  "0007_payout_after_request",
  "0008_payment_day",
  "0009_rate_limit",
  "0010_job_runs",
  "0011_withdrawals_by_member",
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
      "job_runs",
      "ledger",
      "machine_types",
      "member_machines",
      "member_nodes",
      "members",
      "node_levels",
      "payments",
      "rate_limit_hits",
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
      { version: 9, name: "0009_rate_limit" },
      { version: 10, name: "0010_job_runs" },
      { version: 11, name: "0011_withdrawals_by_member" },
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

describe("upgrading a database from before 0005", () => {
  /** A database migrated up to 0004_wallet_balances, as one deployed before the team totals. */
  async function at0004(): Promise<Db> {
    const dir = await tempDir();
    for (const name of ALL.slice(0, 4)) {
      await copyFile(path.join(MIGRATIONS_DIR, `${name}.sql`), path.join(dir, `${name}.sql`));
    }
    const db = await memoryDb();
    await migrate(db, { dir });
    return db;
  }

  it("computes the team totals of the members and machines already there, and books old payments to their day", async () => {
    const db = await at0004();
    // ALICE <- BOB <- CAROL; CAROL bought a machine three days ago that runs another ten days.
    await insertMember(db, ALICE);
    await insertMember(db, BOB, ALICE);
    await insertMember(db, CAROL, BOB);
    const hash = `0x${"c".repeat(64)}`;
    await db.query(
      `INSERT INTO payments (tx_hash, address, purpose, amount, created_at)
       VALUES ($1, $2, 'machine', 1, now() - interval '3 days')`,
      [hash, CAROL],
    );
    await db.query(
      `INSERT INTO member_machines (address, type_id, num, power, paid, tx_hash, start_day, end_day)
       VALUES ($1, 1, 1, 40, 1, $2, current_date - 3, current_date + 10)`,
      [CAROL, hash],
    );

    expect(await migrate(db)).toEqual({ applied: ALL.slice(4) });
    const { rows: totals } = await db.query(
      "SELECT address, direct_count, team_count FROM team_totals ORDER BY team_count DESC",
    );
    expect(totals).toEqual([
      { address: ALICE, direct_count: 1, team_count: 2 },
      { address: BOB, direct_count: 1, team_count: 1 },
    ]);
    const { rows: power } = await db.query(
      "SELECT address, direct_power::int AS direct, team_power::int AS team FROM team_power ORDER BY address",
    );
    expect(power).toEqual([
      { address: BOB, direct: 40, team: 40 },
      { address: ALICE, direct: 0, team: 40 },
    ]);
    const { rows: days } = await db.query<{ on_its_day: boolean }>(
      "SELECT day = (created_at AT TIME ZONE 'UTC')::date AND day < (now() AT TIME ZONE 'UTC')::date AS on_its_day FROM payments",
    );
    expect(days).toEqual([{ on_its_day: true }]);
  });

  it("stops, naming them, when more than one member has no referrer", async () => {
    const db = await at0004();
    await insertMember(db, ALICE);
    await insertMember(db, BOB);
    await expect(migrate(db)).rejects.toThrow(/members without a referrer: ids 1, 2/);
    expect(await tables(db)).not.toContain("team_totals");
  });
});

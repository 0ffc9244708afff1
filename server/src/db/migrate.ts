/**
 * Numbered SQL migrations (`0001_name.sql`, `0002_name.sql`, ...) from `migrations/`, applied in
 * order inside one transaction and recorded in `schema_migrations`. Running it again applies
 * only what is new. An advisory lock keeps several API instances booting at once from racing.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Db } from "./types.ts";

export const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations/", import.meta.url));

/** Arbitrary constant identifying this app's migration lock. */
const MIGRATION_LOCK_ID = 7_202_501;

const FILE_PATTERN = /^(\d+)_([a-z0-9_-]+)\.sql$/i;

export type Migration = { version: number; name: string; file: string };
export type MigrateResult = { applied: string[] };

export async function listMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const migrations: Migration[] = [];
  for (const file of await readdir(dir)) {
    if (!file.toLowerCase().endsWith(".sql")) continue;
    const match = FILE_PATTERN.exec(file);
    if (!match?.[1]) {
      throw new Error(`Migration file ${file} must be named <number>_<name>.sql`);
    }
    migrations.push({ version: Number(match[1]), name: file.replace(/\.sql$/i, ""), file });
  }
  migrations.sort((a, b) => a.version - b.version);
  for (let i = 1; i < migrations.length; i++) {
    const previous = migrations[i - 1];
    const current = migrations[i];
    if (previous && current && previous.version === current.version) {
      throw new Error(`Two migrations share version ${current.version}: ${previous.file}, ${current.file}`);
    }
  }
  return migrations;
}

export async function migrate(db: Db, options: { dir?: string } = {}): Promise<MigrateResult> {
  const dir = options.dir ?? MIGRATIONS_DIR;
  const migrations = await listMigrations(dir);
  return db.transaction(async (tx) => {
    // A migration may rewrite a large table: no request statement timeout here.
    await tx.exec("SET LOCAL statement_timeout = 0");
    await tx.query("SELECT pg_advisory_xact_lock($1)", [MIGRATION_LOCK_ID]);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    const { rows } = await tx.query<{ version: number }>("SELECT version FROM schema_migrations");
    const done = new Set(rows.map((row) => Number(row.version)));
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      const sql = await readFile(path.join(dir, migration.file), "utf8");
      try {
        await tx.exec(sql);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`Migration ${migration.file} failed: ${reason}`, { cause: error });
      }
      await tx.query("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.name);
    }
    return { applied };
  });
}

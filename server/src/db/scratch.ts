/** Throw-away databases on a PostgreSQL server, for tests and benches (never used by the API). */
import pg from "pg";

export type ScratchDatabase = { url: string; drop: () => Promise<void> };

/** A scratch database older than this was left by a run that was cut short: the next run drops it. */
export const ORPHAN_AGE_SECONDS = 24 * 60 * 60;

/**
 * A new, empty database on the server of `serverUrl`, named `<prefix>_<unix seconds>_<pid>_<random>`: its URL,
 * and `drop()`. It first drops the databases of the same prefix created over ORPHAN_AGE_SECONDS ago, which
 * interrupted runs never dropped.
 */
export async function scratchDatabase(serverUrl: string, prefix = "taichi_test"): Promise<ScratchDatabase> {
  const now = Math.floor(Date.now() / 1000);
  const name = `${prefix}_${now}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (sql: string, params: unknown[] = []) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      return (await client.query<{ datname: string }>(sql, params)).rows;
    } finally {
      await client.end();
    }
  };
  const existing = await admin("SELECT datname FROM pg_database WHERE starts_with(datname, $1)", [
    `${prefix}_`,
  ]);
  for (const { datname } of existing) {
    const created = Number(/^_(\d+)(_|$)/.exec(datname.slice(prefix.length))?.[1]);
    if (!(created < now - ORPHAN_AGE_SECONDS)) continue;
    // best effort: another run starting now may drop the same one first
    await admin(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => {});
  }
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

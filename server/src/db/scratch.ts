/** Throw-away databases on a PostgreSQL server, for tests and benches (never used by the API). */
import pg from "pg";

export type ScratchDatabase = { url: string; drop: () => Promise<void> };

/** A new, empty database on the server of `serverUrl` (named after `prefix`): its URL, and `drop()`. */
export async function scratchDatabase(serverUrl: string, prefix = "taichi_test"): Promise<ScratchDatabase> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

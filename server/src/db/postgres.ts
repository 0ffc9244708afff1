import pg from "pg";
import type { Db, Queryable } from "./types.ts";

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query(sql, [...params]);
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await target.query(sql);
    },
  };
}

/** A PostgreSQL server through a `pg` connection pool. */
export async function createPostgresDb(connectionString: string): Promise<Db> {
  const pool = new pg.Pool({ connectionString });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => {
    console.error(`[db] idle PostgreSQL connection failed: ${error.message}`);
  });
  // Fail at boot, not at the first request, when the server is unreachable.
  await pool.query("SELECT 1");
  return {
    kind: "postgres",
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query("BEGIN");
        const result = await fn(wrap(client));
        await client.query("COMMIT");
        return result;
      } catch (error) {
        try {
          await client.query("ROLLBACK");
        } catch (rollbackError) {
          broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
        }
        throw error;
      } finally {
        // A client whose rollback failed is destroyed instead of going back to the pool.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

import pg from "pg";
import { DatabaseBusyError, type Db, type Queryable } from "./types.ts";

/** PostgreSQL's `query_canceled`: the statement ran past `statement_timeout`. */
const QUERY_CANCELED = "57014";

/** A statement timeout, or no pooled connection free in time, as `DatabaseBusyError`; anything else as is. */
function busyOr(error: unknown): unknown {
  if (typeof error !== "object" || error === null) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (code === QUERY_CANCELED) return new DatabaseBusyError("statement timeout", { cause: error });
  if (typeof message === "string" && message.includes("timeout exceeded when trying to connect")) {
    return new DatabaseBusyError("no free connection", { cause: error });
  }
  return error;
}

/** `pending`, failing with `DatabaseBusyError` where `busyOr` says so. */
async function orBusy<T>(pending: Promise<T>): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    throw busyOr(error);
  }
}

function wrap(target: pg.Pool | pg.PoolClient): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await orBusy(target.query(sql, [...params]));
      return { rows: result.rows as T[] };
    },
    async exec(sql: string) {
      // Without parameters pg uses the simple protocol, which accepts several statements.
      await orBusy(target.query(sql));
    },
  };
}

export type PostgresOptions = {
  /**
   * Longest a statement may run, and longest a request waits for a pooled connection (ms); 0: no limit.
   * Long jobs (migrations, settlement) lift it inside their transaction with `SET LOCAL`.
   */
  statementTimeoutMs?: number;
};

/**
 * `url` verifying the server against the CA certificate in the file `rootCert` (`PGSSLROOTCERT`, as libpq
 * reads it) when the URL names none: a managed PostgreSQL whose certificate a provider's private CA signed.
 * An `sslrootcert` in the URL wins; with `sslmode=verify-full` (or no `sslmode`) the host name is checked too.
 */
export function withRootCert(url: string, rootCert = process.env.PGSSLROOTCERT): string {
  if (!rootCert || /[?&]sslrootcert=/.test(url)) return url;
  return `${url}${url.includes("?") ? "&" : "?"}sslrootcert=${encodeURIComponent(rootCert)}`;
}

/** A PostgreSQL server through a `pg` connection pool. */
export async function createPostgresDb(
  connectionString: string,
  { statementTimeoutMs = 0 }: PostgresOptions = {},
): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: withRootCert(connectionString),
    ...(statementTimeoutMs > 0
      ? { statement_timeout: statementTimeoutMs, connectionTimeoutMillis: statementTimeoutMs }
      : {}),
  });
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
      const client = await orBusy(pool.connect());
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

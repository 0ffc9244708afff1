import type { DatabaseConfig } from "../env.ts";
import type { Db } from "./types.ts";

export { DatabaseBusyError, type Db, type Queryable, type QueryResult } from "./types.ts";
export { migrate, type MigrateResult } from "./migrate.ts";

/**
 * Opens the database described by the environment (drivers are loaded on demand). PGlite runs one
 * statement at a time in this process and cannot interrupt one, so `statementTimeoutMs` applies to
 * PostgreSQL only; on PGlite every request path is bounded by design instead (docs/server.md).
 */
export async function createDb(
  config: DatabaseConfig,
  options: { statementTimeoutMs?: number } = {},
): Promise<Db> {
  if (config.kind === "postgres") {
    const { createPostgresDb } = await import("./postgres.ts");
    return createPostgresDb(config.url, options);
  }
  const { createPgliteDb } = await import("./pglite.ts");
  return createPgliteDb(config.dataDir);
}

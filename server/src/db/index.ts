import type { DatabaseConfig } from "../env.ts";
import type { Db } from "./types.ts";

export type { Db, Queryable, QueryResult } from "./types.ts";
export { migrate, type MigrateResult } from "./migrate.ts";

/** Opens the database described by the environment (drivers are loaded on demand). */
export async function createDb(config: DatabaseConfig): Promise<Db> {
  if (config.kind === "postgres") {
    const { createPostgresDb } = await import("./postgres.ts");
    return createPostgresDb(config.url);
  }
  const { createPgliteDb } = await import("./pglite.ts");
  return createPgliteDb(config.dataDir);
}

import { mkdir } from "node:fs/promises";
import { PGlite, type Transaction } from "@electric-sql/pglite";
import { PGLITE_MEMORY } from "../env.ts";
import type { Db, Queryable } from "./types.ts";

function wrap(target: PGlite | Transaction): Queryable {
  return {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const result = await target.query<T>(sql, [...params]);
      return { rows: result.rows };
    },
    async exec(sql: string) {
      await target.exec(sql);
    },
  };
}

/** PostgreSQL in WebAssembly, in this process. `dataDir` is a folder, or `memory://`. */
export async function createPgliteDb(dataDir: string): Promise<Db> {
  if (dataDir !== PGLITE_MEMORY) await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir);
  return {
    kind: "pglite",
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}

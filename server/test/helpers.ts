import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { createDb, migrate, type Db } from "../src/db/index.ts";
import { PGLITE_MEMORY } from "../src/env.ts";
import { INVEST_PREFIX } from "../src/routes/invest/index.ts";

export const FORM = "application/x-www-form-urlencoded";

/** Distinct lower-case addresses for fixtures. */
export const ALICE = "0x00000000000000000000000000000000000a11ce";
export const BOB = "0x0000000000000000000000000000000000000b0b";
export const MIXED_CASE = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";

/** A fresh in-memory PGlite with the schema applied. */
export async function createTestDb(): Promise<Db> {
  const db = await createDb({ kind: "pglite", dataDir: PGLITE_MEMORY });
  await migrate(db);
  return db;
}

export async function resetDb(db: Db): Promise<void> {
  await db.exec("TRUNCATE members, announcements RESTART IDENTITY");
}

export async function insertMember(db: Db, address: string, recommend: string | null = null): Promise<void> {
  await db.query("INSERT INTO members (address, username, recommend) VALUES ($1, $2, $3)", [
    address,
    "member",
    recommend,
  ]);
}

type PostOptions = {
  /** Sent form-encoded as is (a string) or encoded from an object. */
  form?: string | Record<string, string>;
  /** Sent as application/json. */
  json?: unknown;
  headers?: Record<string, string>;
};

/** `POST /api/api/invest/<name>` the way the legacy front end sends it. */
export function post(
  app: FastifyInstance,
  name: string,
  options: PostOptions = {},
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = { ...options.headers };
  let payload: string | undefined;
  if (options.form !== undefined) {
    headers["content-type"] ??= FORM;
    payload = typeof options.form === "string" ? options.form : new URLSearchParams(options.form).toString();
  } else if (options.json !== undefined) {
    headers["content-type"] ??= "application/json";
    payload = JSON.stringify(options.json);
  }
  return app.inject({
    method: "POST",
    url: `${INVEST_PREFIX}/${name}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/**
 * The two in-memory caches production turns on (SESSION_CACHE_MS, HOME_CACHE_MS): what they keep,
 * and that a new sign-in still revokes older tokens at once in this process.
 */
import type { FastifyInstance } from "fastify";
import { zeroAddress } from "viem";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { ALICE, BOB, createTestDb, DEV_KEYS, insertMember, post, resetDb, signInAs } from "./helpers.ts";

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDb();
  app = buildApp({ db, rateLimit: false, sessionCacheMs: 60_000, homeCacheMs: 60_000 });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

beforeEach(() => resetDb(db));

const my = (token: string) => post(app, "my", { headers: { token, lang: "en" } }).then((res) => res.json());

describe("session cache", () => {
  it("keeps a verified token without a query, and forgets it when the address signs in again", async () => {
    const first = await signInAs(app, DEV_KEYS[0]);
    await post(app, "register", {
      form: { username: "a", recommend: zeroAddress },
      headers: { token: first },
    });
    expect(await my(first)).toMatchObject({ code: 0 });
    // Served from memory: the row is gone but the token was verified within the cache time.
    await db.query("DELETE FROM sessions");
    expect(await my(first)).toMatchObject({ code: 0 });

    const second = await signInAs(app, DEV_KEYS[0]);
    expect(await my(first)).toMatchObject({ code: 4700 });
    expect(await my(second)).toMatchObject({ code: 0 });
    expect(await my("unknown-token")).toMatchObject({ code: 4700 });
  });
});

describe("home cache", () => {
  it("serves one answer per database language for the cache time", async () => {
    await insertMember(db, ALICE);
    const home = (lang: string) => post(app, "home", { headers: { lang } }).then((res) => res.json().data);
    expect(await home("en")).toEqual({ totalMembers: 1, announcements: [] });
    await insertMember(db, BOB, ALICE);
    expect(await home("en")).toEqual({ totalMembers: 1, announcements: [] });
    // the languages that read the English texts are served English's answer, not one loaded now
    expect(await home("vi")).toEqual({ totalMembers: 1, announcements: [] });
    expect(await home("zh-cn")).toEqual({ totalMembers: 2, announcements: [] });
    await insertMember(db, "0x000000000000000000000000000000000000ca01", ALICE);
    // Traditional Chinese reads the Chinese texts: Simplified Chinese's answer
    expect(await home("zh-Hant")).toEqual({ totalMembers: 2, announcements: [] });
  });
});

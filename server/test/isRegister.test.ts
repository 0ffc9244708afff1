import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { ALICE, BOB, createTestDb, insertMember, MIXED_CASE, post, resetDb } from "./helpers.ts";

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDb();
  app = buildApp({ db });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

beforeEach(() => resetDb(db));

describe("POST /api/api/invest/isRegister", () => {
  it("answers true for a stored member", async () => {
    await insertMember(db, ALICE);
    const res = await post(app, "isRegister", { form: { address: ALICE } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: "成功", data: { isRegister: true } });
  });

  it("answers false for an address that is not a member", async () => {
    await insertMember(db, ALICE);
    const res = await post(app, "isRegister", { form: { address: BOB }, headers: { lang: "en" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: "Success", data: { isRegister: false } });
  });

  it("matches addresses whatever their letter case", async () => {
    await insertMember(db, MIXED_CASE.toLowerCase());
    for (const address of [MIXED_CASE, MIXED_CASE.toLowerCase(), `0x${MIXED_CASE.slice(2).toUpperCase()}`]) {
      const res = await post(app, "isRegister", { form: { address } });
      expect(res.json(), address).toMatchObject({ code: 0, data: { isRegister: true } });
    }
  });

  it("accepts a JSON body too", async () => {
    await insertMember(db, ALICE);
    const res = await post(app, "isRegister", { json: { address: ALICE } });
    expect(res.json()).toMatchObject({ code: 0, data: { isRegister: true } });
  });

  it("ignores unknown body fields", async () => {
    await insertMember(db, ALICE);
    const res = await post(app, "isRegister", { form: { address: ALICE, username: "x", admin: "1" } });
    expect(res.json()).toMatchObject({ code: 0, data: { isRegister: true } });
  });

  it("rejects a missing address with code 4800 in English and Chinese", async () => {
    const en = await post(app, "isRegister", { form: {}, headers: { lang: "en" } });
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual({ code: 4800, msg: "invalid parameter: address", data: null });

    const zh = await post(app, "isRegister", { form: "", headers: { lang: "zh-cn" } });
    expect(zh.statusCode).toBe(200);
    expect(zh.json()).toEqual({ code: 4800, msg: "参数错误: address", data: null });
  });

  it("names the missing address when no body is sent at all", async () => {
    const res = await post(app, "isRegister", { headers: { lang: "en" } });
    expect(res.json()).toEqual({ code: 4800, msg: "invalid parameter: address", data: null });
  });

  it.each([
    ["too short", "0x1234"],
    ["too long", `${ALICE}0`],
    ["no 0x prefix", ALICE.slice(2)],
    ["not hex", `0x${"g".repeat(40)}`],
    ["blank", ""],
    ["surrounded by spaces", ` ${ALICE} `],
    ["broken percent-encoding", "%ZZ"],
  ])("rejects an invalid address (%s)", async (_label, address) => {
    const res = await post(app, "isRegister", {
      form: `address=${address === "%ZZ" ? address : encodeURIComponent(address)}`,
      headers: { lang: "en" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 4800, msg: "invalid parameter: address", data: null });
  });

  it("rejects an address sent twice", async () => {
    await insertMember(db, ALICE);
    const res = await post(app, "isRegister", {
      form: `address=${ALICE}&address=${BOB}`,
      headers: { lang: "en" },
    });
    expect(res.json()).toEqual({ code: 4800, msg: "invalid parameter: address", data: null });
  });

  it("rejects a JSON address that is not a string", async () => {
    const res = await post(app, "isRegister", { json: { address: { $ne: null } }, headers: { lang: "en" } });
    expect(res.json()).toEqual({ code: 4800, msg: "invalid parameter: address", data: null });
  });
});

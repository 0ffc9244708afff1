import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BODY_LIMIT, buildApp } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { INVEST_PREFIX } from "../src/routes/invest/index.ts";
import { ALICE, createTestDb, FORM, insertMember, post } from "./helpers.ts";

let db: Db;
let app: FastifyInstance;

beforeAll(async () => {
  db = await createTestDb();
  await insertMember(db, ALICE);
  app = buildApp({ db });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

describe("lang header", () => {
  it.each([
    ["en", "invalid parameter: address"],
    ["zh-cn", "参数错误: address"],
    ["EN", "invalid parameter: address"],
    ["fr", "参数错误: address"],
    ["zh-tw", "參數錯誤: address"],
    ["zh-Hant", "參數錯誤: address"],
    ["vi", "Tham số không hợp lệ: address"],
    ["id", "Parameter tidak valid: address"],
    ["ko", "잘못된 매개변수: address"],
    ["ja", "パラメータが正しくありません: address"],
    ["th", "พารามิเตอร์ไม่ถูกต้อง: address"],
    ["", "参数错误: address"],
  ])("lang %j selects the message language", async (lang, msg) => {
    const res = await post(app, "isRegister", { form: {}, headers: { lang } });
    expect(res.json()).toEqual({ code: 4800, msg, data: null });
  });

  it("defaults to Chinese without the header", async () => {
    const res = await post(app, "isRegister", { form: {} });
    expect(res.json()).toEqual({ code: 4800, msg: "参数错误: address", data: null });
  });
});

describe("bad bodies answer code 4800, never a 5xx", () => {
  const body = { code: 4800, msg: "invalid parameter: body", data: null };

  it("malformed JSON", async () => {
    const res = await post(app, "isRegister", {
      form: '{"address": "0x',
      headers: { "content-type": "application/json", lang: "en" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });

  it("a JSON body that is not an object", async () => {
    const res = await post(app, "isRegister", { json: [ALICE], headers: { lang: "en" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });

  it("a JSON body trying prototype pollution", async () => {
    const res = await post(app, "isRegister", {
      form: `{"address": "${ALICE}", "__proto__": {"admin": true}}`,
      headers: { "content-type": "application/json", lang: "en" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });

  it("an unsupported content type", async () => {
    const res = await post(app, "isRegister", {
      form: `<address>${ALICE}</address>`,
      headers: { "content-type": "application/xml", lang: "en" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });

  it("a body over the size limit", async () => {
    const payload = `address=${ALICE}&pad=${"x".repeat(BODY_LIMIT)}`;
    const res = await post(app, "isRegister", { form: payload, headers: { lang: "en" } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });

  it("while a body just under the limit is still served", async () => {
    const prefix = `address=${ALICE}&pad=`;
    const payload = prefix + "x".repeat(BODY_LIMIT - prefix.length);
    expect(payload.length).toBe(BODY_LIMIT);
    const res = await post(app, "isRegister", { form: payload });
    expect(res.json()).toMatchObject({ code: 0, data: { isRegister: true } });
  });

  it("a content-length that does not match the body", async () => {
    const res = await app.inject({
      method: "POST",
      url: `${INVEST_PREFIX}/isRegister`,
      headers: { "content-type": FORM, "content-length": "5000", lang: "en" },
      payload: `address=${ALICE}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(body);
  });
});

describe("unknown routes", () => {
  it.each([
    ["POST", `${INVEST_PREFIX}/noSuchThing`],
    ["POST", "/api/api/invest"],
    ["POST", "/elsewhere"],
    ["GET", `${INVEST_PREFIX}/isRegister`],
    ["POST", `${INVEST_PREFIX}/%zz`],
  ] as const)("%s %s answers HTTP 404 in the envelope", async (method, url) => {
    const en = await app.inject({ method, url, headers: { lang: "en" } });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: 404, msg: "Not Found", data: null });
    const zh = await app.inject({ method, url });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toEqual({ code: 404, msg: "接口不存在", data: null });
  });
});

describe("unexpected errors", () => {
  const secret = 'connect ECONNREFUSED 10.9.8.7:5432 password authentication failed for user "taichi"';

  async function brokenApp(lines: string[]) {
    const broken: Db = {
      ...db,
      query: async () => {
        throw new Error(secret);
      },
    };
    const instance = buildApp({
      db: broken,
      logger: { level: "error", stream: { write: (line: string) => void lines.push(line) } },
    });
    await instance.ready();
    return instance;
  }

  it("answer HTTP 500 with a generic message and no internals", async () => {
    const lines: string[] = [];
    const instance = await brokenApp(lines);
    try {
      const en = await post(instance, "home", { headers: { lang: "en" } });
      expect(en.statusCode).toBe(500);
      expect(en.json()).toEqual({ code: 500, msg: "Operate Error", data: null });
      expect(en.body).not.toContain("10.9.8.7");

      const zh = await post(instance, "isRegister", { form: { address: ALICE } });
      expect(zh.statusCode).toBe(500);
      expect(zh.json()).toEqual({ code: 500, msg: "操作失败", data: null });
      expect(zh.body).not.toContain("password");
    } finally {
      await instance.close();
    }
  });

  it("are logged with their details for the operator", async () => {
    const lines: string[] = [];
    const instance = await brokenApp(lines);
    try {
      await post(instance, "home");
      const entries = lines.map((line) => JSON.parse(line) as { level: number; err?: { message?: string } });
      expect(entries.some((entry) => entry.level >= 50 && entry.err?.message === secret)).toBe(true);
    } finally {
      await instance.close();
    }
  });
});

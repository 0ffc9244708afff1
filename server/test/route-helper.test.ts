/**
 * The shared route helper that the remaining legacy endpoints will use: sessions (code 4700),
 * body stripping, `reject` answers. Exercised through small routes defined here.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, type BuildAppOptions } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { reject } from "../src/lib/api.ts";
import type { SessionVerifier } from "../src/plugins/session.ts";
import { defineRoute, INVEST_PREFIX, INVEST_ROUTE_NAMES, investRoutes } from "../src/routes/invest/index.ts";
import { addressSchema } from "@taichi/api";
import { ALICE, createTestDb, post as postTo } from "./helpers.ts";

const TOKEN = "valid-token";

/** The real `my` and `register` exist now: these test-only ones live under another prefix. */
const TEST_PREFIX = `/test${INVEST_PREFIX}`;
const post = (app: FastifyInstance, name: string, options: Parameters<typeof postTo>[2] = {}) =>
  postTo(app, name, { ...options, prefix: TEST_PREFIX });

const verifySession: SessionVerifier = async (token) => (token === TOKEN ? { address: ALICE } : null);

// Test-only routes, named like real endpoints that are not built yet.
const my = defineRoute({
  name: "my",
  auth: true,
  handler: async ({ session }) => ({ address: session?.address ?? null }),
});

const register = defineRoute<{ username: string; recommend: string }, unknown>({
  name: "register",
  body: {
    type: "object",
    required: ["username", "recommend"],
    additionalProperties: false,
    properties: { username: { type: "string", minLength: 1 }, recommend: addressSchema },
  },
  handler: async ({ body }) => {
    if (body.recommend.toLowerCase() !== ALICE) throw reject("invalidParameter", { field: "recommend" });
    return { received: body };
  },
});

let db: Db;

beforeAll(async () => {
  db = await createTestDb();
});

afterAll(() => db.close());

async function appWith(options: Partial<BuildAppOptions> = {}): Promise<FastifyInstance> {
  const app = buildApp({ db, ...options });
  app.register(
    async (child) => {
      my.register(child);
      register.register(child);
    },
    { prefix: TEST_PREFIX },
  );
  await app.ready();
  return app;
}

describe("auth routes", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith({ verifySession });
  });
  afterAll(() => app.close());

  it("answer 4700 without a token header", async () => {
    const en = await post(app, "my", { headers: { lang: "en" } });
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual({ code: 4700, msg: "Login expired, please sign in again", data: null });
    const zh = await post(app, "my");
    expect(zh.json()).toEqual({ code: 4700, msg: "登录已失效，请重新登录", data: null });
  });

  it("answer 4700 with an unknown or blank token", async () => {
    for (const token of ["nope", " "]) {
      const res = await post(app, "my", { headers: { token } });
      expect(res.json(), token).toMatchObject({ code: 4700, data: null });
    }
  });

  it("run the handler with the session for a valid token", async () => {
    const res = await post(app, "my", { headers: { token: TOKEN } });
    expect(res.json()).toEqual({ code: 0, msg: "成功", data: { address: ALICE } });
  });

  it("accept no unknown token with the default verifier (the sessions table)", async () => {
    const fresh = await appWith();
    try {
      const res = await post(fresh, "my", { headers: { token: TOKEN } });
      expect(res.json()).toMatchObject({ code: 4700 });
    } finally {
      await fresh.close();
    }
  });
});

describe("bodies", () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await appWith();
  });
  afterAll(() => app.close());

  it("reach the handler without unknown fields", async () => {
    const res = await post(app, "register", {
      form: { username: "neo", recommend: ALICE, isAdmin: "1", balance: "1000" },
    });
    expect(res.json()).toEqual({
      code: 0,
      msg: "成功",
      data: { received: { username: "neo", recommend: ALICE } },
    });
  });

  it("a handler's reject() answers 4800 with the translated message", async () => {
    const other = `0x${"1".repeat(40)}`;
    const en = await post(app, "register", {
      form: { username: "neo", recommend: other },
      headers: { lang: "en" },
    });
    expect(en.statusCode).toBe(200);
    expect(en.json()).toEqual({ code: 4800, msg: "invalid parameter: recommend", data: null });
    const zh = await post(app, "register", { form: { username: "neo", recommend: other } });
    expect(zh.json()).toEqual({ code: 4800, msg: "参数错误: recommend", data: null });
  });

  it("name the first field that fails the schema", async () => {
    const res = await post(app, "register", {
      form: { username: "", recommend: ALICE },
      headers: { lang: "en" },
    });
    expect(res.json()).toEqual({ code: 4800, msg: "invalid parameter: username", data: null });
  });
});

describe("route list", () => {
  it("holds only legacy endpoint names, each once", () => {
    const names = investRoutes.map((route) => route.name);
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(INVEST_ROUTE_NAMES).toContain(name);
    expect(names).toEqual(expect.arrayContaining(["isRegister", "home"]));
  });
});

/**
 * Property test: for every endpoint, >= 200 generated malformed or hostile bodies (seeded, so a
 * failure replays) never get a 5xx and always get the `{ code, msg, data }` envelope.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, LOCAL_TREASURY } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { WITHDRAW_FEE } from "../src/lib/money.ts";
import {
  ADMIN_ROUTE_NAMES,
  AUTH_ROUTE_NAMES,
  EXTRA_ROUTE_NAMES,
  INVEST_ROUTE_NAMES,
} from "../src/routes/invest/index.ts";
import { createTestDb, DEV_KEYS, fakeChain, FORM, post, signInAs } from "./helpers.ts";

export const CASES_PER_ENDPOINT = 200;
const SEED = 0x7a1c41;

/** mulberry32: a small seeded generator (no fast-check here). */
function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(items: readonly T[]): T => items[int(items.length)] as T;
  return { next, int, pick };
}

const FIELDS = [
  "address",
  "username",
  "recommend",
  "type",
  "id",
  "num",
  "hash",
  "userId",
  "credit_type",
  "page",
  "status",
  "reason",
];
const FIELDS_ALL = [...FIELDS, "message", "signature", "__proto__", "constructor", "", "a[b]", "page[]"];

const HOSTILE = [
  "",
  " ",
  "0",
  "-1",
  "1.5",
  "1e308",
  "NaN",
  "Infinity",
  "99999999999999999999999999",
  "9007199254740993",
  "2147483648",
  "0x",
  `0x${"f".repeat(40)}`,
  `0x${"F".repeat(64)}`,
  `0x${"0".repeat(63)}`,
  "usdt",
  "arb",
  "pending",
  "approved",
  "all",
  "USDT",
  "null",
  "true",
  "[]",
  "{}",
  "'; DROP TABLE members; --",
  "%00",
  "\u0000",
  "😀",
  "\u202e",
  "<script>",
  "../../etc/passwd",
  "a".repeat(5000),
];

function randomText(r: ReturnType<typeof rng>): string {
  const length = r.int(40);
  let text = "";
  for (let i = 0; i < length; i++) text += String.fromCharCode(r.int(0x3000));
  return text;
}

function randomValue(r: ReturnType<typeof rng>, depth = 0): unknown {
  switch (r.int(depth > 1 ? 5 : 8)) {
    case 0:
      return r.pick(HOSTILE);
    case 1:
      return randomText(r);
    case 2:
      return r.int(2) ? r.int(1_000_000_000) - 500_000_000 : r.next() * 1e20;
    case 3:
      return r.pick([null, true, false, 0, -0, 1.5, Number.MAX_SAFE_INTEGER]);
    case 4:
      return r.pick(HOSTILE) + randomText(r);
    case 5:
      return [randomValue(r, depth + 1), randomValue(r, depth + 1)];
    case 6:
      return { [r.pick(FIELDS_ALL)]: randomValue(r, depth + 1) };
    default:
      return String(r.int(10));
  }
}

type Request = { payload?: string; contentType?: string };

function randomRequest(r: ReturnType<typeof rng>): Request {
  const body: Record<string, unknown> = {};
  const count = r.int(5);
  for (let i = 0; i < count; i++) body[r.pick(FIELDS_ALL)] = randomValue(r);
  switch (r.int(7)) {
    case 6: {
      // Near-valid: every field well-formed but one replaced, so handlers run with odd values.
      const valid: Record<string, string> = {
        address: `0x${"ab".repeat(20)}`,
        username: "x",
        recommend: "0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266",
        type: String(r.int(6)),
        id: String(r.int(6)),
        num: String(r.int(200)),
        hash: `0x${r.int(1_000_000).toString(16).padStart(64, "0")}`,
        userId: String(r.int(5)),
        credit_type: r.pick(["usdt", "arb"]),
        page: String(r.int(3) + 1),
        status: r.pick(["pending", "approved", "paid", "rejected", "all"]),
        reason: "fuzz",
        message: "127.0.0.1:5173 wants you to sign in",
        signature: `0x${"1b".repeat(65)}`,
      };
      valid[r.pick(Object.keys(valid))] = String(randomValue(r));
      return { payload: new URLSearchParams(valid).toString(), contentType: FORM };
    }
    case 0:
    case 1: {
      // Form: scalars as text, repeated keys, raw broken encodings.
      const parts = Object.entries(body).map(
        ([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`,
      );
      if (r.int(3) === 0) parts.push(`${r.pick(FIELDS)}=${r.pick(["%ZZ", "%", "%E0%A4%A", "a&b", "=="])}`);
      if (r.int(3) === 0) {
        const key = r.pick(FIELDS);
        parts.push(`${key}=1`, `${key}=2`);
      }
      return { payload: parts.join("&"), contentType: FORM };
    }
    case 2:
      return { payload: JSON.stringify(body), contentType: "application/json" };
    case 3:
      return {
        payload: r.pick(['{"id":', "[1,2]", "null", '"x"', "1", '{"__proto__":{"admin":1}}', "\u0000"]),
        contentType: "application/json",
      };
    case 4:
      return {
        payload: randomText(r),
        contentType: r.pick(["text/plain", "multipart/form-data", "application/xml"]),
      };
    default:
      return r.int(2) ? {} : { payload: JSON.stringify(body), contentType: FORM };
  }
}

let db: Db;
let app: FastifyInstance;
let token: string;
/** Dev account 1 (account 0 is the treasury, which may not pay for a member). */
const MEMBER = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";

beforeAll(async () => {
  db = await createTestDb();
  const chain = fakeChain();
  app = buildApp({
    db,
    verifyPayment: chain.verifyPayment,
    verifyPayout: chain.verifyPayout,
    paymentTarget: { treasury: LOCAL_TREASURY, token: null },
    // The fuzzing member is an operator too, so the admin handlers run past the access check.
    operators: [MEMBER],
    rateLimit: false,
  });
  await app.ready();
  token = await signInAs(app, DEV_KEYS[1]);
  // A registered member with some balance, so handlers get past the membership checks.
  await post(app, "register", {
    form: { username: "fuzz", recommend: "0x0000000000000000000000000000000000000000" },
    headers: { token },
  });
  await db.query(
    "INSERT INTO ledger (address, credit_type, amount, kind, ref) VALUES ($1, 'arb', 10^20, 'mining', 'seed')",
    [MEMBER],
  );
  // Withdrawal requests 1 to 3 for the operator routes to find.
  for (let i = 0; i < 3; i++) {
    const res = await post(app, "withdraw", {
      form: { num: "11", credit_type: "arb", hash: chain.pay(MEMBER, WITHDRAW_FEE) },
      headers: { token },
    });
    if (res.json().code !== 0) throw new Error(`seed withdrawal: ${res.body}`);
  }
});

afterAll(async () => {
  await app.close();
  await db.close();
});

describe.each([...INVEST_ROUTE_NAMES, ...AUTH_ROUTE_NAMES, ...EXTRA_ROUTE_NAMES, ...ADMIN_ROUTE_NAMES])(
  "%s under generated bodies",
  (name) => {
    it(`answers ${CASES_PER_ENDPOINT} malformed bodies without a 5xx`, async () => {
      const r = rng(SEED ^ [...name].reduce((sum, ch) => sum * 31 + ch.charCodeAt(0), 7));
      for (let i = 0; i < CASES_PER_ENDPOINT; i++) {
        const request = randomRequest(r);
        const headers: Record<string, string> = { lang: r.pick(["en", "zh-cn", "xx"]) };
        if (r.int(4) !== 0)
          headers.token = r.int(6) === 0 ? randomText(r).replace(/[^\x21-\x7e]/g, "") : token;
        if (request.contentType) headers["content-type"] = request.contentType;
        const res = await app.inject({
          method: "POST",
          url: `/api/api/invest/${name}`,
          headers,
          ...(request.payload === undefined ? {} : { payload: request.payload }),
        });
        const context = `${name} case ${i}: ${JSON.stringify(request).slice(0, 300)}`;
        expect(res.statusCode, context).toBeLessThan(500);
        const body = res.json();
        expect(typeof body.code, context).toBe("number");
        expect(typeof body.msg, context).toBe("string");
        expect("data" in body, context).toBe(true);
        if (body.code !== 0) expect(body.data, context).toBeNull();
      }
    });
  },
);

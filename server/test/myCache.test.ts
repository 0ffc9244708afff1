/**
 * The per-member `my` cache (MY_CACHE_MS): with a cache time far longer than the test, every write
 * path that changes a member's answer must drop it at once in this process (register, buyMachine,
 * buyNode, withdraw, an operator's reject, settlement). A missing invalidation shows as a stale answer.
 */
import type { FastifyInstance } from "fastify";
import { zeroAddress, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApp, LOCAL_TREASURY } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { startSettlementJob } from "../src/jobs/settlement.ts";
import { MemberCache } from "../src/lib/memberCache.ts";
import { units, WITHDRAW_FEE } from "../src/lib/money.ts";
import { createTestDb, DEV_KEYS, fakeChain, post, resetDb, signInAs } from "./helpers.ts";

const USDT: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
/** Account 0 is the treasury, which may not pay for a member. */
const [, KEY_A, , KEY_OP] = DEV_KEYS;
const A = privateKeyToAccount(KEY_A).address.toLowerCase();

let db: Db;
let app: FastifyInstance;
const chain = fakeChain();

beforeAll(async () => {
  db = await createTestDb();
  app = buildApp({
    db,
    verifyPayment: chain.verifyPayment,
    verifyPayout: chain.verifyPayout,
    paymentTarget: { treasury: LOCAL_TREASURY, token: USDT },
    operators: [privateKeyToAccount(KEY_OP).address],
    rateLimit: false,
    myCacheMs: 60_000,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

beforeEach(async () => {
  await resetDb(db);
  app.memberCache.clear();
});

async function call(name: string, token: string, form: Record<string, string> = {}, lang = "en") {
  const res = await post(app, name, { form, headers: { lang, token } });
  expect(res.statusCode, name).toBeLessThan(500);
  return res.json();
}

const my = async (token: string, lang = "en") => (await call("my", token, {}, lang)).data;

async function member(): Promise<string> {
  const token = await signInAs(app, KEY_A);
  expect(await call("register", token, { username: "a", recommend: zeroAddress })).toMatchObject({ code: 0 });
  return token;
}

/** A ledger row written behind the app's back (as another process would). */
async function creditBehindTheApp(creditType: "usdt" | "arb", amount: bigint, ref: string) {
  await db.query(
    "INSERT INTO ledger (address, credit_type, amount, kind, ref) VALUES ($1, $2, $3::numeric, 'mining', $4)",
    [A, creditType, amount.toString(), ref],
  );
}

describe("my cache", () => {
  it("serves a member's answer from memory (a write outside this process is not seen yet)", async () => {
    const token = await member();
    expect((await my(token)).balances.usdt).toBe("0");
    await creditBehindTheApp("usdt", units("5"), "outside");
    expect((await my(token)).balances.usdt).toBe("0");
    // Per database language: the languages that read the English texts share English's answer, the
    // Chinese one is loaded now.
    expect((await my(token, "ja")).balances.usdt).toBe("0");
    expect((await my(token, "zh-cn")).balances.usdt).toBe(units("5").toString());
    app.memberCache.invalidate(A.toUpperCase());
    expect((await my(token)).balances.usdt).toBe(units("5").toString());
  });

  it("does not keep 'please register first'; register shows at once", async () => {
    const token = await signInAs(app, KEY_A);
    expect(await call("my", token)).toMatchObject({ code: 4800 });
    expect(await call("register", token, { username: "a", recommend: zeroAddress })).toMatchObject({
      code: 0,
    });
    expect(await my(token)).toMatchObject({ address: A, username: "a" });
  });

  it("buyMachine and buyNode show at once", async () => {
    const token = await member();
    expect(await my(token)).toMatchObject({ power: 0, node: null });

    const machine = (await post(app, "machineDetail", { form: { type: "1" } })).json().data;
    const bought = await call("buyMachine", token, {
      id: "1",
      num: "2",
      hash: chain.pay(A, BigInt(machine.price) * 2n),
    });
    expect(bought).toMatchObject({ code: 0 });
    expect((await my(token)).power).toBe(machine.power * 2);

    const node = (await post(app, "nodeList")).json().data.list[0];
    expect(
      await call("buyNode", token, { id: String(node.id), hash: chain.pay(A, BigInt(node.price)) }),
    ).toMatchObject({
      code: 0,
    });
    expect((await my(token)).node).toMatchObject({ levelId: node.id, bonusBps: node.bonusBps });
  });

  it("withdraw and an operator's reject (refund) show at once", async () => {
    const token = await member();
    await creditBehindTheApp("usdt", units("100"), "seed");
    expect((await my(token)).balances.usdt).toBe(units("100").toString());

    const requested = await call("withdraw", token, {
      num: "10.5",
      credit_type: "usdt",
      hash: chain.pay(A, WITHDRAW_FEE),
    });
    expect(requested).toMatchObject({ code: 0 });
    expect((await my(token)).balances.usdt).toBe(units("89.5").toString());

    const operator = await signInAs(app, KEY_OP);
    const rejected = await call("admin/withdrawalReject", operator, {
      id: String(requested.data.id),
      reason: "test",
    });
    expect(rejected).toMatchObject({ code: 0, data: { status: "rejected" } });
    expect((await my(token)).balances.usdt).toBe(units("100").toString());
  });

  it("settlement shows at once", async () => {
    const token = await member();
    expect(await my(token)).toMatchObject({ power: 0, balances: { arb: "0" } });
    // A machine running since two days ago, written behind the app: only settlement drops the answer.
    const hash = `0x${"a".repeat(64)}`;
    await db.query(
      `INSERT INTO payments (tx_hash, address, purpose, amount, created_at, day)
       VALUES ($1, $2, 'machine', 1, now() - interval '3 days', (now() AT TIME ZONE 'UTC')::date - 3)`,
      [hash, A],
    );
    await db.query(
      `INSERT INTO member_machines (address, type_id, num, power, paid, tx_hash, start_day, end_day)
       VALUES ($1, 1, 1, 100, 1, $2, (now() AT TIME ZONE 'UTC')::date - 2, (now() AT TIME ZONE 'UTC')::date + 10)`,
      [A, hash],
    );
    expect(await my(token)).toMatchObject({ power: 0, balances: { arb: "0" } });
    const log = { info: () => {}, error: () => {} };
    const stop = startSettlementJob(db, log, { onSettled: () => app.memberCache.clear() });
    try {
      await vi.waitFor(
        async () => {
          const after = await my(token);
          expect(after.power).toBe(100);
          expect(BigInt(after.balances.arb)).toBeGreaterThan(0n);
        },
        { timeout: 5_000, interval: 50 },
      );
    } finally {
      stop();
    }
  });
});

describe("MemberCache", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("keeps an answer for its time and not past the UTC day", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T23:59:59.000Z"));
    const cache = new MemberCache<number>(60_000);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get("0xA", "en", load)).toBe(1);
    expect(await cache.get("0xa", "en", load)).toBe(1);
    vi.setSystemTime(new Date("2026-01-02T00:00:00.500Z"));
    expect(await cache.get("0xa", "en", load)).toBe(2);
    vi.setSystemTime(new Date("2026-01-02T00:01:00.600Z"));
    expect(await cache.get("0xa", "en", load)).toBe(3);
  });

  it("drops failed loads and loads in flight when invalidated", async () => {
    const cache = new MemberCache<number>(60_000);
    await expect(cache.get("0xa", "en", () => Promise.reject(new Error("no")))).rejects.toThrow("no");
    expect(await cache.get("0xa", "en", async () => 1)).toBe(1);

    let release!: (value: number) => void;
    cache.invalidate("0xa");
    const inFlight = cache.get("0xa", "en", () => new Promise<number>((resolve) => (release = resolve)));
    cache.invalidate("0xa");
    release(2);
    expect(await inFlight).toBe(2);
    expect(await cache.get("0xa", "en", async () => 3)).toBe(3);
  });

  it("with time 0 always loads", async () => {
    const cache = new MemberCache<number>(0);
    let loads = 0;
    await cache.get("0xa", "en", async () => ++loads);
    await cache.get("0xa", "en", async () => ++loads);
    expect(loads).toBe(2);
    expect(cache.size).toBe(0);
  });
});

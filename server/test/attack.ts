/**
 * The attacker's bench shared by `attack-*.test.ts`: the whole API through `app.inject` on its own
 * database (PGlite, or PostgreSQL with TEST_DATABASE_URL), a fake chain, real sign-in with dev keys.
 * Account 0 is the treasury, accounts 1 and 2 members (`victim`, `attacker`), account 3 the operator.
 */
import type { FastifyInstance } from "fastify";
import { zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { buildApp, LOCAL_TREASURY, type BuildAppOptions } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { createTestDb, DEV_KEYS, fakeChain, post, resetDb, signInAs } from "./helpers.ts";

export const USDT = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
export const VICTIM_KEY = DEV_KEYS[1];
export const ATTACKER_KEY = DEV_KEYS[2];
export const OPERATOR_KEY = DEV_KEYS[3];
export const VICTIM = privateKeyToAccount(VICTIM_KEY).address.toLowerCase();
export const ATTACKER = privateKeyToAccount(ATTACKER_KEY).address.toLowerCase();
export const OPERATOR = privateKeyToAccount(OPERATOR_KEY).address.toLowerCase();
export const TREASURY = LOCAL_TREASURY.toLowerCase();

/** The `{ code, msg, data }` envelope, as parsed JSON. */
export type Answer = ReturnType<typeof JSON.parse>;

export type Bench = {
  db: Db;
  app: FastifyInstance;
  chain: ReturnType<typeof fakeChain>;
  /** Posts like the front end; fails the test on any 5xx. Answers the JSON envelope. */
  call(name: string, token?: string, form?: Record<string, string>, lang?: string): Promise<Answer>;
  /** Signs in with a dev key and registers (under the victim, or as the first member). */
  member(key: `0x${string}`, recommend?: string): Promise<string>;
  reset(): Promise<void>;
  close(): Promise<void>;
};

export async function attackBench(options: Partial<BuildAppOptions> = {}): Promise<Bench> {
  const db = await createTestDb();
  const chain = fakeChain();
  const app = buildApp({
    db,
    verifyPayment: chain.verifyPayment,
    verifyPayout: chain.verifyPayout,
    paymentTarget: { treasury: LOCAL_TREASURY, token: USDT },
    operators: [OPERATOR],
    rateLimit: false,
    ...options,
  });
  await app.ready();
  const call: Bench["call"] = async (name, token, form = {}, lang = "en") => {
    const res = await post(app, name, { form, headers: { lang, ...(token ? { token } : {}) } });
    expect(res.statusCode, `${name} ${JSON.stringify(form)}`).toBeLessThan(500);
    return res.json();
  };
  return {
    db,
    app,
    chain,
    call,
    async member(key, recommend = zeroAddress) {
      const token = await signInAs(app, key);
      expect(await call("register", token, { username: "m", recommend })).toMatchObject({ code: 0 });
      return token;
    },
    reset: () => resetDb(db),
    async close() {
      await app.close();
      await db.close();
    },
  };
}

/**
 * The bench of one test file: built before its tests, emptied before each, closed after. The object is
 * filled in once `beforeAll` has run, so tests use it as is.
 */
export function attackSuite(options: Partial<BuildAppOptions> = {}): Bench {
  const bench = {} as Bench;
  beforeAll(async () => {
    Object.assign(bench, await attackBench(options));
  });
  afterAll(() => bench.close());
  beforeEach(() => bench.reset());
  return bench;
}

/** Sum of a member's ledger and the kept balance, which must agree. */
export async function ledgerState(db: Db, address: string, creditType: "usdt" | "arb") {
  const { rows } = await db.query<{ ledger: string; balance: string }>(
    `SELECT coalesce((SELECT sum(amount) FROM ledger WHERE address = $1 AND credit_type = $2), 0)::text AS ledger,
            coalesce((SELECT balance FROM wallet_balances WHERE address = $1 AND credit_type = $2), 0)::text AS balance`,
    [address, creditType],
  );
  return { ledger: BigInt(rows[0]!.ledger), balance: BigInt(rows[0]!.balance) };
}

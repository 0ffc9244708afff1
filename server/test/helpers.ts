import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createDb, migrate, type Db, type Queryable } from "../src/db/index.ts";
import { scratchDatabase } from "../src/db/scratch.ts";
import { PGLITE_MEMORY, type DatabaseConfig } from "../src/env.ts";
import { privateKeyToAccount } from "viem/accounts";
import { getAddress, type Address } from "viem";
import { createSiweMessage } from "viem/siwe";
import { SIWE_STATEMENT } from "../src/lib/auth.ts";
import type { CreditType } from "../src/lib/money.ts";
import type { SessionVerifier } from "../src/plugins/session.ts";
import type { VerifyPayment, VerifyPayout } from "../src/lib/payments.ts";
import { INVEST_PREFIX } from "../src/routes/invest/index.ts";

export const FORM = "application/x-www-form-urlencoded";

/** Distinct lower-case addresses for fixtures. */
export const ALICE = "0x00000000000000000000000000000000000a11ce";
export const BOB = "0x0000000000000000000000000000000000000b0b";
export const MIXED_CASE = "0xAbCdEf0123456789aBcDeF0123456789AbCdEf01";

/** The PostgreSQL server of the suite's second pass (`npm run test:server` starts one); unset on the PGlite pass. */
export const POSTGRES_URL = process.env.TEST_DATABASE_URL;

/**
 * Appended to the name of a test that needs a PostgreSQL server, for `it.skipIf(!POSTGRES_URL)`: the reason
 * it shows as skipped on the PGlite pass.
 */
export const NEEDS_POSTGRES = "[PostgreSQL only: runs on the suite's PostgreSQL pass, TEST_DATABASE_URL]";

/**
 * Lock requests not granted yet (statements waiting for a lock), of `locktype` when given, from sessions of
 * `db`'s own database only: on the PostgreSQL pass the test files run at once on one server.
 */
export async function lockWaits(db: Queryable, locktype?: "advisory"): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
      WHERE NOT l.granted AND a.datname = current_database() AND ($1::text IS NULL OR l.locktype = $1)`,
    [locktype ?? null],
  );
  return Number(rows[0]!.n);
}

/**
 * A database of its own for one test file, not opened yet: an in-memory PGlite (or, `onDisk`, PGlite in
 * a new temporary folder, so a process can reopen it), or, when TEST_DATABASE_URL names a PostgreSQL
 * server, a new database on it. `url` is its DATABASE_URL for a server process; `drop()` removes it.
 */
export async function createTestDatabase(
  onDisk = false,
): Promise<{ config: DatabaseConfig; url: string; drop(): Promise<void> }> {
  const serverUrl = POSTGRES_URL;
  if (!serverUrl) {
    if (!onDisk)
      return { config: { kind: "pglite", dataDir: PGLITE_MEMORY }, url: PGLITE_MEMORY, drop: async () => {} };
    const dataDir = await mkdtemp(path.join(tmpdir(), "taichi-pglite-"));
    return {
      config: { kind: "pglite", dataDir },
      url: pathToFileURL(dataDir).href,
      drop: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const scratch = await scratchDatabase(serverUrl);
  return { config: { kind: "postgres", url: scratch.url }, url: scratch.url, drop: scratch.drop };
}

/** A fresh database with the schema applied (see `createTestDatabase`); `close()` also drops it. */
export async function createTestDb(): Promise<Db> {
  const database = await createTestDatabase();
  const db = await createDb(database.config);
  await migrate(db);
  return {
    ...db,
    async close() {
      await db.close();
      await database.drop();
    },
  };
}

/** Empties every table except the seeded catalogue (whose sold seats are reset). */
export async function resetDb(db: Db): Promise<void> {
  await db.exec(`
    TRUNCATE members, announcements, auth_nonces, sessions, payments, member_machines, member_nodes,
             ledger, wallet_balances, withdrawals, withdrawal_events, settlements, team_totals, team_power,
             rate_limit_hits, job_runs RESTART IDENTITY CASCADE;
    UPDATE node_levels SET sold = 0;`);
}

/** The n-th fixture address (n >= 1), lower-case. */
export function addressOf(n: number): string {
  return `0x${n.toString(16).padStart(40, "0")}`;
}

/** Sessions for tests of many members at once: the `token` header is the member's own address. */
export const addressTokens: SessionVerifier = async (token) =>
  /^0x[0-9a-f]{40}$/.test(token) ? { address: token as Address } : null;

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
  /** Route prefix; default `INVEST_PREFIX`. */
  prefix?: string;
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
    url: `${options.prefix ?? INVEST_PREFIX}/${name}`,
    headers,
    ...(payload === undefined ? {} : { payload }),
  });
}

/** anvil's first dev keys (public test keys, never real funds). */
export const DEV_KEYS = [
  "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
  "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d",
  "0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a",
  "0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6",
  "0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a",
] as const;

/** Signs in through `nonce` + `login` with a dev key; returns the login token. */
export async function signInAs(app: FastifyInstance, key: `0x${string}`): Promise<string> {
  const account = privateKeyToAccount(key);
  const nonce = await post(app, "nonce", { form: { address: account.address } });
  const { message } = nonce.json().data as { message: string };
  const signature = await account.signMessage({ message });
  const res = await post(app, "login", { form: { message, signature } });
  const body = res.json();
  if (body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return body.data.token as string;
}

/** A sign-in message for `address` and `nonce` as the app at 127.0.0.1:5173 on anvil builds it, with `overrides`. */
export function siweMessage(
  address: string,
  nonce: string,
  overrides: Partial<Parameters<typeof createSiweMessage>[0]> = {},
): string {
  return createSiweMessage({
    domain: "127.0.0.1:5173",
    address: getAddress(address),
    statement: SIWE_STATEMENT,
    uri: "http://127.0.0.1:5173",
    version: "1",
    chainId: 31337,
    nonce,
    ...overrides,
  });
}

/** Credits `amount` base units to a member's ledger, as a settled day would. */
export async function credit(
  db: Queryable,
  address: string,
  creditType: CreditType,
  amount: bigint,
  ref: string,
): Promise<void> {
  await db.query(
    "INSERT INTO ledger (address, credit_type, amount, kind, ref) VALUES ($1, $2, $3::numeric, 'mining', $4)",
    [address, creditType, amount.toString(), ref],
  );
}

/** A fake chain for route tests: payments recorded with `pay` (and payouts with `payOut`) verify, nothing else. */
export function fakeChain() {
  const paid = new Map<string, { from: string; amount: bigint }>();
  const paidOut = new Map<string, { to: string; amount: bigint; creditType: CreditType }>();
  let counter = 0;
  const nextHash = () => {
    counter += 1;
    return `0x${counter.toString(16).padStart(64, "0")}` as const;
  };
  const verifyPayment: VerifyPayment = async ({ hash, from, amount }) => {
    const payment = paid.get(hash.toLowerCase());
    if (!payment) return { ok: false, reason: "notFound" };
    if (payment.from !== from.toLowerCase() || payment.amount !== amount)
      return { ok: false, reason: "mismatch" };
    return { ok: true };
  };
  const verifyPayout: VerifyPayout = async ({ hash, to, amount, creditType }) => {
    const payout = paidOut.get(hash.toLowerCase());
    if (!payout) return { ok: false, reason: "notFound" };
    if (payout.to !== to.toLowerCase() || payout.amount !== amount || payout.creditType !== creditType)
      return { ok: false, reason: "mismatch" };
    return { ok: true };
  };
  return {
    verifyPayment,
    verifyPayout,
    /** Records a transfer to the treasury and returns its (made-up) hash. */
    pay(from: string, amount: bigint): `0x${string}` {
      const hash = nextHash();
      paid.set(hash, { from: from.toLowerCase(), amount });
      return hash;
    },
    /** Records a payout from the treasury and returns its (made-up) hash. */
    payOut(to: string, amount: bigint, creditType: CreditType = "usdt"): `0x${string}` {
      const hash = nextHash();
      paidOut.set(hash, { to: to.toLowerCase(), amount, creditType });
      return hash;
    },
  };
}

/**
 * The rate limit's window in tests that count requests: windows are fixed and follow the database's clock,
 * so a minute-long one can end in the middle of a test and reset its count. This is the longest a Node timer
 * takes (about 24.8 days, the prune timer's period), so a test run almost never crosses a window's end.
 */
export const TEST_WINDOW_MS = 2 ** 31 - 1;

/**
 * The API as production runs it: three real API processes (`src/server.ts`, configured by the
 * environment) on one PostgreSQL database, with payments proven on a real anvil. They boot at once on
 * a history of five unsettled days, then members sign in, pay, withdraw and read across all three; the
 * end state must be the exact ledger one process would have written.
 *
 * PGlite runs inside one process and cannot be shared between processes, so this file runs on the
 * PostgreSQL pass of the server suite only (TEST_DATABASE_URL); on the PGlite pass it shows as skipped.
 */
import { keccak256, parseEther, toHex, type Address } from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_TREASURY } from "../src/app.ts";
import { createDb, migrate, type Db } from "../src/db/index.ts";
import { scratchDatabase, type ScratchDatabase } from "../src/db/scratch.ts";
import { OUTPUT_PER_POWER, REFERRAL_BPS, units, WITHDRAW_FEE } from "../src/lib/money.ts";
import { startAnvil, type AnvilChain } from "./anvil.ts";
import { NEEDS_POSTGRES, POSTGRES_URL } from "./helpers.ts";
import { startServerProcess, type ServerProcess } from "./serverProcess.ts";

const SERVER_URL = POSTGRES_URL;
const INSTANCES = 3;
/** Small enough to reach in a burst; every member sends from an IP of its own (X-Forwarded-For). */
const RATE_LIMIT = 60;
/** The stated staleness bounds under test (server.md, "Several instances"). */
const MY_CACHE_MS = 1000;
const SESSION_CACHE_MS = 1000;
/** Pace of the polls that watch a cache expire: well under the bounds, well under the rate limit. */
const POLL_MS = 50;

/** Test members with keys of their own (deterministic), and the IP each one sends from. */
const key = (name: string) => keccak256(toHex(`taichi instances test: ${name}`));
const ROLES = ["root", "alice", "bob", "carol", "dave", "erin", "frank"] as const;
type Role = (typeof ROLES)[number];
const members = Object.fromEntries(ROLES.map((role) => [role, privateKeyToAccount(key(role))])) as Record<
  Role,
  PrivateKeyAccount
>;
const ipOf = (role: Role) => `198.51.100.${ROLES.indexOf(role) + 1}`;
const lower = (role: Role) => members[role].address.toLowerCase();

type Answer = { status: number; code: number; msg: string; data: Record<string, unknown> | null };

let anvil: AnvilChain;
let usdt: Address;
let scratch: ScratchDatabase;
let db: Db;
let today: string;
const instances: ServerProcess[] = [];
const tokens: Partial<Record<Role, string>> = {};

function dayOffset(days: number): string {
  const date = new Date(`${today}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

async function call(
  instance: number,
  name: string,
  { form = {}, token, ip }: { form?: Record<string, string>; token?: string; ip: string },
): Promise<Answer> {
  const reply = await instances[instance]!.post(name, form, token, { "x-forwarded-for": ip });
  if (!reply) throw new Error(`instance ${instance} did not answer ${name}`);
  return { status: reply.status, ...(reply.body as Omit<Answer, "status">) };
}

/** `name` as `role`, signed in, from the role's own IP. */
function as(role: Role, instance: number, name: string, form: Record<string, string> = {}) {
  return call(instance, name, { form, token: tokens[role]!, ip: ipOf(role) });
}

async function signIn(role: Role, nonceOn: number, loginOn: number): Promise<string> {
  const account = members[role];
  const nonce = await call(nonceOn, "nonce", { form: { address: account.address }, ip: ipOf(role) });
  const message = (nonce.data as { message: string }).message;
  const signature = await account.signMessage({ message });
  const login = await call(loginOn, "login", { form: { message, signature }, ip: ipOf(role) });
  expect(login.code, login.msg).toBe(0);
  return (login.data as { token: string }).token;
}

/** One API instance on the shared database, as production starts it. */
const startInstance = (databaseUrl: string) =>
  startServerProcess({
    DATABASE_URL: databaseUrl,
    RPC_URL: anvil.rpcUrl,
    CHAIN_ID: "31337",
    // the test chain's tokens, named as production names them when it reads no deployment file
    USDT_ADDRESS: usdt,
    ARB_ADDRESS: anvil.arb,
    CONFIRMATIONS: "1",
    RATE_LIMIT_PER_MINUTE: String(RATE_LIMIT),
    // The test is the load balancer: its X-Forwarded-For names each member's IP.
    TRUST_PROXY: "127.0.0.1",
    MY_CACHE_MS: String(MY_CACHE_MS),
    SESSION_CACHE_MS: String(SESSION_CACHE_MS),
  });

/** Polls `read` every POLL_MS until `done`; returns every (start time, value) seen. */
async function watch<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000) {
  const seen: { startedAt: number; value: T }[] = [];
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const startedAt = Date.now();
    const value = await read();
    seen.push({ startedAt, value });
    if (done(value)) return seen;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`condition not met within ${timeoutMs} ms`);
}

/** A fake tx hash for seeded history (never checked on chain: those payments predate the API). */
const seededHash = (n: number) => `0x${n.toString(16).padStart(64, "0")}`;

/**
 * History the instances find at boot: root <- alice <- bob <- carol <- {dave, erin, frank}. Five days
 * ago bob bought a Shaoyang machine (100 USDT, power 100) and carol a Taiyin (5,000 USDT, power
 * 5,600), both producing from four days ago. Nothing is settled yet.
 */
async function seedHistory(): Promise<void> {
  const chain: [Role, Role | null][] = [
    ["root", null],
    ["alice", "root"],
    ["bob", "alice"],
    ["carol", "bob"],
    ["dave", "carol"],
    ["erin", "carol"],
    ["frank", "carol"],
  ];
  for (const [role, referrer] of chain) {
    await db.query("INSERT INTO members (address, username, recommend) VALUES ($1, $2, $3)", [
      lower(role),
      role,
      referrer ? lower(referrer) : null,
    ]);
  }
  const purchases: [Role, number, bigint, number, number][] = [
    ["bob", 1, units("100"), 100, 180],
    ["carol", 4, units("5000"), 5600, 360],
  ];
  for (const [i, [role, typeId, paid, power, days]] of purchases.entries()) {
    await db.query(
      "INSERT INTO payments (tx_hash, address, purpose, amount, day) VALUES ($1, $2, 'machine', $3::numeric, $4::date)",
      [seededHash(i + 1), lower(role), paid.toString(), dayOffset(-5)],
    );
    await db.query(
      `INSERT INTO member_machines (address, type_id, num, power, paid, tx_hash, start_day, end_day)
       VALUES ($1, $2, 1, $3, $4::numeric, $5, $6::date, $6::date + $7::int)`,
      [lower(role), typeId, power, paid.toString(), seededHash(i + 1), dayOffset(-4), days],
    );
  }
}

const share = (amount: bigint, generation: 0 | 1) => (amount * REFERRAL_BPS[generation]) / 10_000n;

// PGlite lives inside one process and cannot be shared between processes.
describe.skipIf(!SERVER_URL)(`three API processes on one PostgreSQL ${NEEDS_POSTGRES}`, () => {
  beforeAll(async () => {
    anvil = await startAnvil();
    usdt = anvil.usdt;
    for (const account of Object.values(members)) {
      await anvil.client.setBalance({ address: account.address, value: parseEther("10") });
      await anvil.mint(account.address, units("1000"));
    }
    scratch = await scratchDatabase(SERVER_URL!);
    db = await createDb({ kind: "postgres", url: scratch.url });
    await migrate(db);
    const { rows } = await db.query<{ today: string }>(
      "SELECT (now() AT TIME ZONE 'UTC')::date::text AS today",
    );
    today = rows[0]!.today;
    await seedHistory();
    // All three boot at once: each one's settlement job starts on the same five unsettled days.
    instances.push(
      ...(await Promise.all(Array.from({ length: INSTANCES }, () => startInstance(scratch.url)))),
    );
  }, 120_000);

  afterAll(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await db?.close();
    await scratch?.drop();
    await anvil?.stop();
  });

  it("settles each of the five days exactly once while all three run the job at boot", async () => {
    const days = [-5, -4, -3, -2, -1].map(dayOffset);
    const settledDays = () =>
      instances.flatMap((instance) =>
        instance.logs.filter((line) => line.msg === "day settled").map((line) => String(line.day)),
      );
    await watch(
      async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM settlements")).rows[0]!.n,
      (n) => n === days.length,
    );
    // Each day is logged by the one process that booked it (log lines may trail the commit).
    await watch(
      async () => settledDays().length,
      (n) => n >= days.length,
    );
    expect(settledDays().sort()).toEqual(days);
    const { rows } = await db.query<{ day: string }>("SELECT day::text AS day FROM settlements ORDER BY day");
    expect(rows.map((row) => row.day)).toEqual(days);
  });

  it("signs in across instances: a nonce from one, the login on another, the token on the third; one signature signs in once", async () => {
    for (const role of ROLES)
      tokens[role] = await signIn(role, ROLES.indexOf(role) % 3, (ROLES.indexOf(role) + 1) % 3);
    const my = await as("carol", 2, "my");
    expect([my.code, my.data?.address]).toEqual([0, lower("carol")]);

    // One signed message sent to every instance at once: exactly one token.
    const account = members.root;
    const nonce = await call(0, "nonce", { form: { address: account.address }, ip: ipOf("root") });
    const message = (nonce.data as { message: string }).message;
    const signature = await account.signMessage({ message });
    const logins = await Promise.all(
      [0, 1, 2].map((i) => call(i, "login", { form: { message, signature }, ip: ipOf("root") })),
    );
    expect(logins.map((login) => login.code).sort()).toEqual([0, 4800, 4800]);
    tokens.root = (logins.find((login) => login.code === 0)!.data as { token: string }).token;
  });

  it("shares one rate limit budget per client between the instances", async () => {
    const burst = RATE_LIMIT + 6;
    const client = "203.0.113.99";
    const answers = await Promise.all(
      Array.from({ length: burst }, (_, i) => call(i % INSTANCES, "home", { ip: client })),
    );
    // Counted per one-minute window of the database's clock: a burst that straddles two windows may pass
    // more, by exactly what the second window allows.
    const { rows } = await db.query<{ hits: number }>("SELECT hits FROM rate_limit_hits WHERE key = $1", [
      `ip:${client}`,
    ]);
    expect(rows.reduce((sum, row) => sum + row.hits, 0)).toBe(burst);
    const allowed = rows.reduce((sum, row) => sum + Math.min(row.hits, RATE_LIMIT), 0);
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(allowed);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(burst - allowed);
    expect(allowed).toBeLessThan(burst);
  });

  it("books a payment hash once when every instance gets it at once, and shows the purchase on the others within MY_CACHE_MS", async () => {
    // Each instance caches dave's `my` (no power yet).
    for (let i = 0; i < INSTANCES; i++) expect((await as("dave", i, "my")).data?.power).toBe(0);

    const price = units("100");
    const buys = await Promise.all(
      (["dave", "erin", "frank"] as const).map(async (role) => {
        const hash = await anvil.transfer(members[role], LOCAL_TREASURY, price);
        return { role, hash };
      }),
    );
    const daveHash = buys[0]!.hash;
    const [answers, erin, frank] = await Promise.all([
      Promise.all([0, 1, 2].map((i) => as("dave", i, "buyMachine", { id: "1", num: "1", hash: daveHash }))),
      as("erin", 1, "buyMachine", { id: "1", num: "1", hash: buys[1]!.hash }),
      as("frank", 2, "buyMachine", { id: "1", num: "1", hash: buys[2]!.hash }),
    ]);
    expect([erin.code, frank.code]).toEqual([0, 0]);
    expect(answers.map((answer) => answer.code).sort()).toEqual([0, 4800, 4800]);
    const boughtAt = Date.now();
    const bookedOn = answers.findIndex((answer) => answer.code === 0);
    expect(answers.filter((answer) => answer.code === 4800).map((answer) => answer.msg)).toEqual([
      "This transaction has already been used",
      "This transaction has already been used",
    ]);

    for (let i = 0; i < INSTANCES; i++) {
      if (i === bookedOn) {
        expect((await as("dave", i, "my")).data?.power).toBe(100); // at once where it was booked
        continue;
      }
      const seen = await watch(
        () => as("dave", i, "my"),
        (answer) => answer.data?.power === 100,
      );
      const staleAfterBound = seen.filter(
        (poll) => poll.startedAt > boughtAt + MY_CACHE_MS && poll.value.data?.power !== 100,
      );
      expect(staleAfterBound).toEqual([]);
    }
  });

  it("spends a balance once under withdrawals spread over the instances", async () => {
    // bob holds carol's first-generation share (250 USDT); alice bob's and carol's (5 + 150 USDT).
    const amount = "50";
    const requests: { role: Role; count: number }[] = [
      { role: "bob", count: 6 },
      { role: "alice", count: 4 },
    ];
    const fees: { role: Role; hash: string }[] = [];
    for (const { role, count } of requests) {
      for (let i = 0; i < count; i++) {
        fees.push({ role, hash: await anvil.transfer(members[role], LOCAL_TREASURY, WITHDRAW_FEE) });
      }
    }
    const answers = await Promise.all(
      fees.map(({ role, hash }, i) =>
        as(role, i % INSTANCES, "withdraw", { num: amount, credit_type: "usdt", hash }).then((answer) => ({
          role,
          answer,
        })),
      ),
    );
    const outcome = (role: Role) =>
      answers
        .filter((entry) => entry.role === role)
        .map((entry) => (entry.answer.code === 0 ? "ok" : entry.answer.msg))
        .sort();
    expect(outcome("bob")).toEqual(["Balance insufficient", "ok", "ok", "ok", "ok", "ok"]);
    expect(outcome("alice")).toEqual(["Balance insufficient", "ok", "ok", "ok"]);
  });

  it("revokes an older token on every instance within SESSION_CACHE_MS of a new sign-in", async () => {
    const old = tokens.erin!;
    for (let i = 0; i < INSTANCES; i++) expect((await as("erin", i, "my")).code).toBe(0); // cached everywhere
    tokens.erin = await signIn("erin", 0, 0);
    const revokedAt = Date.now();
    for (let i = 1; i < INSTANCES; i++) {
      const seen = await watch(
        () => call(i, "my", { token: old, ip: ipOf("erin") }),
        (answer) => answer.code === 4700,
      );
      expect(
        seen.filter((poll) => poll.startedAt > revokedAt + SESSION_CACHE_MS && poll.value.code !== 4700),
      ).toEqual([]);
    }
    expect((await as("erin", 1, "my")).code).toBe(0);
  });

  it("ends with the exact ledger one process would have written", async () => {
    const mining = (power: number) => BigInt(power) * OUTPUT_PER_POWER;
    const carolPaid = units("5000");
    const bobPaid = units("100");
    const expected = [
      ...[-4, -3, -2, -1].flatMap((day) => [
        [lower("bob"), "arb", "mining", mining(100), dayOffset(day)],
        [lower("carol"), "arb", "mining", mining(5600), dayOffset(day)],
      ]),
      [lower("bob"), "usdt", "referral", share(carolPaid, 0), dayOffset(-5)],
      [lower("alice"), "usdt", "referral", share(carolPaid, 1), dayOffset(-5)],
      [lower("alice"), "usdt", "referral", share(bobPaid, 0), dayOffset(-5)],
      [lower("root"), "usdt", "referral", share(bobPaid, 1), dayOffset(-5)],
      ...Array.from({ length: 5 }, () => [lower("bob"), "usdt", "withdraw", -units("50"), null]),
      ...Array.from({ length: 3 }, () => [lower("alice"), "usdt", "withdraw", -units("50"), null]),
    ].map((row) => row.map(String).join(" "));
    const { rows } = await db.query<{ row: string }>(
      `SELECT concat_ws(' ', address, credit_type, kind, amount::text, coalesce(day::text, 'null')) AS row FROM ledger`,
    );
    expect(rows.map((r) => r.row).sort()).toEqual(expected.sort());

    // Balances: what the trigger kept equals the ledger, and the rules' figures.
    const balances = await db.query<{ address: string; credit_type: string; balance: string; sum: string }>(
      `SELECT w.address, w.credit_type, w.balance::text AS balance,
                (SELECT sum(amount) FROM ledger l WHERE l.address = w.address AND l.credit_type = w.credit_type)::text AS sum
           FROM wallet_balances w`,
    );
    for (const row of balances.rows) expect(row.balance, `${row.address} ${row.credit_type}`).toBe(row.sum);
    const balance = (role: Role, type: string) =>
      balances.rows.find((row) => row.address === lower(role) && row.credit_type === type)?.balance;
    expect(balance("bob", "usdt")).toBe("0");
    expect(balance("alice", "usdt")).toBe(
      (share(carolPaid, 1) + share(bobPaid, 0) - units("150")).toString(),
    );

    // Payments: the three purchases of today and one fee per accepted withdrawal, each hash once.
    const payments = await db.query<{ purpose: string; n: number }>(
      "SELECT purpose, count(*)::int AS n FROM payments WHERE day = $1::date GROUP BY purpose ORDER BY purpose",
      [today],
    );
    expect(payments.rows).toEqual([
      { purpose: "machine", n: 3 },
      { purpose: "withdraw_fee", n: 8 },
    ]);
    const withdrawals = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM withdrawals w JOIN payments p ON p.tx_hash = w.fee_tx_hash",
    );
    expect(withdrawals.rows[0]!.n).toBe(8);
  });
});

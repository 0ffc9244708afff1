/**
 * The server killed with SIGKILL in the middle of a burst of payment confirmations (`buyMachine`),
 * withdrawal requests (`withdraw`), operator rejections (a refund credit) and the daily settlement of
 * many pending days, then started again on the same database (PGlite in a folder on disk, or PostgreSQL
 * with TEST_DATABASE_URL). Members retry what got no answer, as the app's pending-payments card does.
 * Then: no acknowledged write is lost, no payment buys twice, every settled day is booked once, and every
 * member's balance equals their ledger and the amount worked out from the inputs.
 *
 * What a naive implementation loses here: an answer sent before its commit (lost with the process); a
 * used-hash cache or settlement queue kept in memory (gone after the restart: a hash buys twice, a day is
 * booked twice or never); a settlement that books a day's credits and marks the day settled in two
 * transactions (booked twice after a kill between them); a payment row committed apart from its machine
 * (a "used" hash that bought nothing). On PostgreSQL the kills are placed from the test's own connection,
 * the second one inside a purchase between its payment row and its machine row, so the last one fails this
 * test for certain (replayed with `buyMachine` split into two transactions: a paid hash with no machine).
 * On PGlite, inside the server process, the kills land wherever the burst is (that replay passed there).
 */
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_TREASURY } from "../src/app.ts";
import { createDb, migrate, type Db } from "../src/db/index.ts";
import { utcToday } from "../src/jobs/settlement.ts";
import { OUTPUT_PER_POWER, REFERRAL_BPS, units, WITHDRAW_FEE } from "../src/lib/money.ts";
import { startAnvil, type AnvilChain } from "./anvil.ts";
import { createTestDatabase } from "./helpers.ts";
import { signInOver, startServerProcess, type Reply, type ServerProcess } from "./serverProcess.ts";

const MEMBERS = 6;
/** Machines each member buys in the burst (machine type 1: 100 USDT, power 100). */
const BUYS = 4;
const PRICE = units("100");
const POWER = 100n;
/** Days of mining before today that no settlement has booked yet when the burst starts. */
const PENDING_DAYS = 360;
const START_USDT = units("100");
const START_ARB = units("100");
/** Each member's withdrawal waiting for an operator before the burst, rejected in it (refunded). */
const WAITING = units("10");
const WITHDRAW_USDT = units("10");
const WITHDRAW_ARB = units("11");

const members = Array.from({ length: MEMBERS }, () => privateKeyToAccount(generatePrivateKey()));
const operator = privateKeyToAccount(generatePrivateKey());
const address = (n: number) => members[n]!.address.toLowerCase();

let chain: AnvilChain;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let env: Record<string, string>;

function daysAgo(n: number): string {
  const date = new Date(`${utcToday()}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - n);
  return date.toISOString().slice(0, 10);
}

/** The members (member 0 refers the others), their start balances and one withdrawal each waiting for an operator. */
async function seedMembers(db: Db): Promise<void> {
  for (let n = 0; n < MEMBERS; n++) {
    await db.query("INSERT INTO members (address, username, recommend) VALUES ($1, $2, $3)", [
      address(n),
      `m${n}`,
      n === 0 ? null : address(0),
    ]);
    const fee = seedHash(1, n);
    await db.query(
      "INSERT INTO payments (tx_hash, address, purpose, amount, day) VALUES ($1, $2, 'withdraw_fee', $3::numeric, $4::date)",
      [fee, address(n), WITHDRAW_FEE.toString(), utcToday()],
    );
    const { rows } = await db.query<{ id: number }>(
      `INSERT INTO withdrawals (address, credit_type, amount, fee, fee_tx_hash) VALUES ($1, 'usdt', $2::numeric, $3::numeric, $4)
       RETURNING id`,
      [address(n), WAITING.toString(), WITHDRAW_FEE.toString(), fee],
    );
    await db.query(
      `INSERT INTO ledger (address, credit_type, amount, kind, ref) VALUES
         ($1, 'usdt', $2::numeric, 'mining', 'start:usdt:' || $1), ($1, 'arb', $3::numeric, 'mining', 'start:arb:' || $1),
         ($1, 'usdt', $4::numeric, 'withdraw', 'withdrawal:' || $5::int)`,
      [address(n), START_USDT.toString(), START_ARB.toString(), (-WAITING).toString(), rows[0]!.id],
    );
  }
}

/** One machine per member, bought PENDING_DAYS ago and never settled (the purchase pays member 0 a referral share). */
async function seedMachines(db: Db): Promise<void> {
  for (let n = 0; n < MEMBERS; n++) {
    await db.query(
      "INSERT INTO payments (tx_hash, address, purpose, amount, day) VALUES ($1, $2, 'machine', $3::numeric, $4::date)",
      [seedHash(2, n), address(n), PRICE.toString(), daysAgo(PENDING_DAYS)],
    );
    await db.query(
      `INSERT INTO member_machines (address, type_id, num, power, paid, tx_hash, start_day, end_day)
       VALUES ($1, 1, 1, $2, $3::numeric, $4, $5::date, $6::date)`,
      [address(n), POWER.toString(), PRICE.toString(), seedHash(2, n), daysAgo(PENDING_DAYS), daysAgo(-30)],
    );
  }
}

/**
 * Makes writing a machine row take 0.3 s (a trigger added by the test), so a purchase spends that long
 * between its payment row and its machine row: the window where an implementation that commits them in
 * two transactions loses a payment, and where the second kill lands.
 */
async function slowMachineRows(db: Db): Promise<void> {
  await db.exec(`
    CREATE FUNCTION test_slow_row() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN PERFORM pg_sleep(0.3); RETURN NEW; END $$;
    CREATE TRIGGER test_slow_machine BEFORE INSERT ON member_machines
      FOR EACH ROW EXECUTE FUNCTION test_slow_row();`);
}

const seedHash = (kind: number, n: number) =>
  `0x${kind.toString(16).padStart(2, "0")}${n.toString(16).padStart(62, "0")}`;

type Request = { name: string; form: Record<string, string>; member: number; token: string };

async function burstRequests(server: ServerProcess): Promise<Request[]> {
  const requests: Request[] = [];
  const operatorToken = await signInOver(server, operator);
  for (let n = 0; n < MEMBERS; n++) {
    const account = members[n]!;
    const token = await signInOver(server, account);
    for (let i = 0; i < BUYS; i++) {
      const hash = await chain.transfer(account, LOCAL_TREASURY, PRICE);
      requests.push({ name: "buyMachine", form: { id: "1", num: "1", hash }, member: n, token });
    }
    for (const [creditType, amount] of [
      ["usdt", "10"],
      ["arb", "11"],
    ] as const) {
      const hash = await chain.transfer(account, LOCAL_TREASURY, WITHDRAW_FEE);
      requests.push({
        name: "withdraw",
        form: { num: amount, credit_type: creditType, hash },
        member: n,
        token,
      });
    }
    requests.push({
      name: "admin/withdrawalReject",
      form: { id: String(n + 1), reason: "wrong address" },
      member: n,
      token: operatorToken,
    });
  }
  return requests;
}

/** A retry of an already committed request: refused as done. */
const isDone = (reply: Reply) =>
  reply !== null &&
  reply.body.code === 4800 &&
  (reply.body.msg === "This transaction has already been used" ||
    /^Withdrawal \d+ is rejected/.test(reply.body.msg));

describe("the server killed (SIGKILL) mid-burst and restarted on the same database", () => {
  beforeAll(async () => {
    chain = await startAnvil();
    database = await createTestDatabase(true);
    const db = await createDb(database.config);
    await migrate(db);
    await db.close();
    for (const account of members) await chain.fund(account.address);
    env = {
      DATABASE_URL: database.url,
      RPC_URL: chain.rpcUrl,
      CHAIN_ID: "31337",
      USDT_ADDRESS: chain.usdt,
      ARB_ADDRESS: chain.arb,
      OPERATOR_ADDRESSES: operator.address,
      MY_CACHE_MS: "0",
    };
  }, 120_000);

  afterAll(async () => {
    await chain?.stop();
    await database?.drop();
  });

  it("loses no committed credit, applies none twice, and every balance equals its ledger", async () => {
    await withDb(seedMembers);
    // Sign-ins, the on-chain payments, and a third of the burst acknowledged, then a kill: those are
    // committed writes no crash may lose.
    const replies: Reply[] = [];
    const server = await startServerProcess(env);
    const requests = await burstRequests(server);
    replies.push(...requests.map(() => null));
    const third = Math.ceil(requests.length / 3);
    await send(server, requests, replies, (i) => i < third);
    expect(replies.slice(0, third).map((reply) => reply?.body.code)).toEqual(new Array(third).fill(0));
    await server.kill();
    // Machines mining since PENDING_DAYS ago: the next start's settlement job has that many days to book.
    await withDb(seedMachines);
    await withDb(slowMachineRows);
    const watcher = database.config.kind === "postgres" ? await createDb(database.config) : null;
    // The rest in flight with the settlement of the pending days, killed twice. On PostgreSQL the test's
    // own connection sees inside: the first kill comes once some days are settled and some not, the
    // second while a purchase is writing its machine row (after its payment row). PGlite runs inside the
    // server process and cannot be watched: there each kill comes with the first answer.
    const firstAnswer = () => replies.some((reply, i) => reply !== null && i >= third);
    const whenPostgres = (sql: string) => async () => {
      if (!watcher) return firstAnswer();
      const { rows } = await watcher.query<{ n: number }>(sql);
      return rows[0]!.n > 0;
    };
    await burstAndKill(requests, replies, whenPostgres("SELECT count(*)::int AS n FROM settlements"));
    await burstAndKill(
      requests,
      replies,
      whenPostgres(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND query LIKE 'INSERT INTO member_machines%'`,
      ),
    );
    await watcher?.close();
    expect(replies.filter((reply) => reply === null).length, "requests cut by the kills").toBeGreaterThan(0);

    const second = await startServerProcess(env);
    try {
      // Every request again, as a member retries: what was acknowledged must be refused as done, what
      // was cut either goes through now or is refused as done (it had committed before the kill).
      for (const [i, request] of requests.entries()) {
        const retry = await second.post(request.name, request.form, request.token);
        expect(retry?.status).toBe(200);
        if (replies[i] !== null || retry!.body.code !== 0) expect(isDone(retry), retry!.body.msg).toBe(true);
      }
      // The restarted settlement job books the days left (polled until the last member's balance has them).
      const token = requests.find((request) => request.member === MEMBERS - 1)!.token;
      let arb = 0n;
      await until(async () => {
        const my = await second.post("my", {}, token);
        arb = BigInt((my?.body.data as { balances: { arb: string } }).balances.arb);
        return arb >= EXPECTED_ARB;
      }, "the pending days settled after the restart");
      expect(arb).toBe(EXPECTED_ARB);
    } finally {
      await second.stop();
    }

    const after = await createDb(database.config);
    try {
      await expectExactLedger(after, requests);
    } finally {
      await after.close();
    }
  }, 240_000);
});

const EXPECTED_ARB = START_ARB + BigInt(PENDING_DAYS) * POWER * OUTPUT_PER_POWER - WITHDRAW_ARB;

/** Polls `condition` every 20 ms for up to 60 s. */
async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Sends the requests `which` picks that have no answer yet, and records the answers. */
async function send(
  server: ServerProcess,
  requests: Request[],
  replies: Reply[],
  which: (i: number) => boolean,
  onReply?: () => void,
): Promise<void> {
  await Promise.all(
    requests.map(async (request, i) => {
      if (replies[i] !== null || !which(i)) return;
      const reply = await server.post(request.name, request.form, request.token);
      replies[i] = reply;
      onReply?.();
      // A request cut by an earlier kill may have committed before it: then it is refused as done.
      if (reply !== null && reply.body.code !== 0)
        expect(isDone(reply), JSON.stringify(reply.body)).toBe(true);
    }),
  );
}

/**
 * Starts the server, sends every request without an answer, and SIGKILLs the server once `killWhen`
 * holds, with requests in flight and the settlement job under way.
 */
async function burstAndKill(
  requests: Request[],
  replies: Reply[],
  killWhen: () => boolean | Promise<boolean>,
): Promise<void> {
  const server = await startServerProcess(env);
  const sent = send(server, requests, replies, () => true);
  await until(killWhen, "the moment to kill");
  await server.kill();
  await sent;
}

async function withDb(fn: (db: Db) => Promise<void>): Promise<void> {
  const db = await createDb(database.config);
  try {
    await fn(db);
  } finally {
    await db.close();
  }
}

async function expectExactLedger(db: Db, requests: Request[]): Promise<void> {
  const count = async (sql: string, params: unknown[] = []) =>
    Number((await db.query<{ n: number }>(sql, params)).rows[0]!.n);

  // Each settled day once, with one mining credit per member and the seed purchases' referral shares.
  expect(await count("SELECT count(*)::int AS n FROM settlements")).toBe(PENDING_DAYS);
  expect(
    await count(
      "SELECT count(DISTINCT day)::int AS n FROM settlements WHERE day >= $1::date AND day < $2::date",
      [daysAgo(PENDING_DAYS), utcToday()],
    ),
  ).toBe(PENDING_DAYS);
  expect(await count("SELECT count(*)::int AS n FROM ledger WHERE kind = 'mining' AND day IS NOT NULL")).toBe(
    PENDING_DAYS * MEMBERS,
  );

  // Each paid hash bought exactly one machine or opened exactly one withdrawal with its debit.
  for (const request of requests.filter((r) => r.name !== "admin/withdrawalReject")) {
    const hash = request.form.hash!.toLowerCase();
    expect(await count("SELECT count(*)::int AS n FROM payments WHERE tx_hash = $1", [hash])).toBe(1);
    if (request.name === "buyMachine") {
      expect(await count("SELECT count(*)::int AS n FROM member_machines WHERE tx_hash = $1", [hash])).toBe(
        1,
      );
    } else {
      expect(
        await count(
          `SELECT count(*)::int AS n FROM withdrawals w JOIN ledger l ON l.ref = 'withdrawal:' || w.id AND l.kind = 'withdraw'
            WHERE w.fee_tx_hash = $1 AND w.status = 'pending'`,
          [hash],
        ),
      ).toBe(1);
    }
  }
  // Each waiting withdrawal rejected once and refunded once.
  expect(await count("SELECT count(*)::int AS n FROM withdrawals WHERE status = 'rejected'")).toBe(MEMBERS);
  expect(await count("SELECT count(*)::int AS n FROM ledger WHERE kind = 'withdraw_refund'")).toBe(MEMBERS);

  const referral = (PRICE * REFERRAL_BPS[0]) / 10_000n;
  for (let n = 0; n < MEMBERS; n++) {
    const { rows } = await db.query<{ credit_type: string; ledger: string; balance: string }>(
      `SELECT c.credit_type, coalesce((SELECT sum(amount) FROM ledger WHERE address = $1 AND credit_type = c.credit_type), 0)::text AS ledger,
              coalesce((SELECT balance FROM wallet_balances WHERE address = $1 AND credit_type = c.credit_type), 0)::text AS balance
         FROM (VALUES ('usdt'), ('arb')) AS c (credit_type) ORDER BY c.credit_type`,
      [address(n)],
    );
    const usdt =
      START_USDT - WAITING + WAITING - WITHDRAW_USDT + (n === 0 ? referral * BigInt(MEMBERS - 1) : 0n);
    const arb = START_ARB + BigInt(PENDING_DAYS) * POWER * OUTPUT_PER_POWER - WITHDRAW_ARB;
    expect(rows, `member ${n}`).toEqual([
      { credit_type: "arb", ledger: arb.toString(), balance: arb.toString() },
      { credit_type: "usdt", ledger: usdt.toString(), balance: usdt.toString() },
    ]);
    expect(
      await count("SELECT count(*)::int AS n FROM member_machines WHERE address = $1", [address(n)]),
    ).toBe(1 + BUYS);
  }
}

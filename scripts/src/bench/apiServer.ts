/**
 * The server side of the API bench, in a process of its own (started by `api.ts`): the API on an
 * in-memory PGlite (or a scratch database on the PostgreSQL server of `BENCH_DATABASE_URL`) seeded with
 * the attacker's referral tree (`BENCH_TREE`) and a busy member, and a bare Fastify route with the same
 * body parser. Prints `{ apiPort, barePort, tree, tokens }` as one JSON line on stderr (stdout carries
 * the request log), then serves until SIGTERM.
 */
import formbody from "@fastify/formbody";
import Fastify from "fastify";
import type { AddressInfo } from "node:net";
import { buildApp, DEFAULT_BULKHEAD } from "@taichi/server/app";
import { createDb, migrate } from "@taichi/server/db/index";
import { scratchDatabase } from "@taichi/server/db/scratch";
import { ENV_DEFAULTS, PGLITE_MEMORY } from "@taichi/server/env";
import { hashToken } from "@taichi/server/lib/auth";
import { batchedLogStream } from "@taichi/server/lib/logStream";
import { BENCH_PAID_HASH, BENCH_REGISTRANTS, HEAVY_CALL_ARRIVED } from "./api.ts";

/** Announcements and ledger rows the routes read from, so their queries do real work. */
export const BENCH_SEED = { announcements: 30, ledgerRowsPerCredit: 300, machines: 5 };

/**
 * The referral tree of the attacker's pass: a head with a chain `deep` generations long
 * below it and `wide` direct referrals, every 10th of them with a machine (expiring on one of 360
 * days), so team figures have members and power to count.
 */
export const BENCH_TREE = { deep: 1_000, wide: 50_000, machineEvery: 10 };
const treeAddress = (n: number) => `0x${n.toString(16).padStart(40, "0")}`;
/** The head, a member halfway down the chain, and the chain's leaf. */
export const TREE_MEMBERS = {
  head: treeAddress(1),
  middle: treeAddress(1 + BENCH_TREE.deep / 2),
  leaf: treeAddress(1 + BENCH_TREE.deep),
};

const server = process.env.BENCH_DATABASE_URL;
const scratch = server ? await scratchDatabase(server, "taichi_bench") : null;
const db = await createDb(
  scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dataDir: PGLITE_MEMORY },
  { statementTimeoutMs: ENV_DEFAULTS.statementTimeoutMs },
);
await migrate(db);
await seedTree();
await db.query(
  `INSERT INTO announcements (title_zh, title_en, body_zh, body_en, created_at)
   SELECT '公告' || n, 'Notice ' || n, '内容' || n, 'Body ' || n, now() - n * interval '1 hour'
     FROM generate_series(1, $1::int) AS n`,
  [BENCH_SEED.announcements],
);

const member = process.env.BENCH_MEMBER?.toLowerCase();
if (member) await seedMember(member);

// As production runs it (request log at LOG_LEVEL, default info, into a pipe; cache and bulkhead
// defaults), but without the rate limit: one client IP sends everything. BENCH_MY_CACHE_MS=0 measures
// `my` uncached; TEAM_CALLS_IN_FLIGHT=100 the team calls without their bulkhead (ten at once);
// BENCH_RATE_LIMIT=1 counts every request in the shared rate limit as production does (with limits no
// client reaches), each bench client told apart by the X-Forwarded-For it sends (a trusted proxy here).
const countEveryRequest = process.env.BENCH_RATE_LIMIT === "1";
const app = buildApp({
  db,
  logger: { level: process.env.LOG_LEVEL || "info", stream: batchedLogStream() },
  rateLimit: countEveryRequest ? { perIp: 1e9, perToken: 1e9, windowMs: 60_000 } : false,
  ...(countEveryRequest ? { trustProxy: ["127.0.0.1"] } : {}),
  sessionCacheMs: ENV_DEFAULTS.sessionCacheMs,
  homeCacheMs: ENV_DEFAULTS.homeCacheMs,
  myCacheMs: Number(process.env.BENCH_MY_CACHE_MS || ENV_DEFAULTS.myCacheMs),
  bulkhead: {
    ...DEFAULT_BULKHEAD,
    inFlight: Number(process.env.TEAM_CALLS_IN_FLIGHT || DEFAULT_BULKHEAD.inFlight),
  },
  // No chain here: one known hash stands for a confirmed payment (the chain check has its own tests).
  verifyPayment: async ({ hash }) =>
    hash === BENCH_PAID_HASH ? { ok: true } : { ok: false, reason: "notFound" },
});
// The bench's view inside the server: from the request's arrival at its hooks to its answer (ms), so a
// latency measured by the client can be told apart from the time before the server read the request.
app.addHook("onSend", async (_request, reply) => {
  reply.header("x-server-ms", reply.elapsedTime.toFixed(3));
});
// The bench's view of the bulkheads: each team call and registration announces its arrival on stderr
// (the client sends the bystander "while ten run" once the server has read all ten), and every other
// answer carries how many team calls were running or waiting when its request arrived (`x-team-calls`).
app.addHook("onRequest", async (request, reply) => {
  if (request.routeOptions.config.bulkhead) process.stderr.write(`${HEAVY_CALL_ARRIVED}\n`);
  else {
    const { running, waiting } = app.bulkheads.team.load;
    reply.header("x-team-calls", String(running + waiting));
  }
});
const bare = Fastify({ logger: false });
await bare.register(formbody);
bare.post("/bare", async () => ({ code: 0, msg: "ok", data: null }));
// CPU time of this process so far (µs), read by the client around each run: a cost per request that a
// busy machine distorts much less than requests per second.
bare.get("/cpu", async () => process.cpuUsage());
// The replaced downline walk, timed on the same database (ms), for docs/server.md's comparison.
bare.get<{ Querystring: { address: string } }>("/walk", async (request) => {
  return db.transaction(async (tx) => {
    await tx.exec("SET LOCAL statement_timeout = 0");
    const started = performance.now();
    await tx.query(DOWNLINE_WALK, [request.query.address]);
    return { ms: performance.now() - started };
  });
});
// The first-visit load's checks: members, the paid hash's bookings, and balances that differ from their ledger.
bare.get("/ledger", async () => {
  const { rows } = await db.query<{
    members: number;
    payments: number;
    machines: number;
    mismatched: number;
  }>(
    `SELECT (SELECT count(*) FROM members)::int AS members,
            (SELECT count(*) FROM payments WHERE tx_hash = $1)::int AS payments,
            (SELECT count(*) FROM member_machines WHERE tx_hash = $1)::int AS machines,
            (SELECT count(*) FROM (SELECT address, credit_type, sum(amount) AS total FROM ledger GROUP BY 1, 2) l
               FULL JOIN wallet_balances w USING (address, credit_type)
              WHERE coalesce(l.total, 0) <> coalesce(w.balance, 0))::int AS mismatched`,
    [BENCH_PAID_HASH],
  );
  return rows[0];
});
const tokens = await createSessions();
await app.listen({ host: "127.0.0.1", port: 0 });
await bare.listen({ host: "127.0.0.1", port: 0 });

/**
 * Loads the tree in bulk with the team triggers off, then computes the team tables once, as a restore
 * would (a trigger per row is what a live registration pays; see docs/server.md).
 */
async function seedTree(): Promise<void> {
  const address = (n: string) => `'0x' || lpad(to_hex(${n}), 40, '0')`;
  await db.transaction(async (tx) => {
    // A bulk load, not a request: no statement timeout.
    await tx.exec("SET LOCAL statement_timeout = 0");
    await tx.exec(`ALTER TABLE members DISABLE TRIGGER members_team_totals;
                 ALTER TABLE member_machines DISABLE TRIGGER member_machines_team_power;`);
    await tx.query(
      `INSERT INTO members (address, username, recommend)
     SELECT ${address("n")}, 'chain' || n, CASE WHEN n = 1 THEN NULL ELSE ${address("n - 1")} END
       FROM generate_series(1, $1::int + 1) AS n ORDER BY n`,
      [BENCH_TREE.deep],
    );
    await tx.query(
      `INSERT INTO members (address, username, recommend)
     SELECT ${address("n")}, 'wide' || n, $2 FROM generate_series(10000001, 10000000 + $1::int) AS n`,
      [BENCH_TREE.wide, TREE_MEMBERS.head],
    );
    const machineOwners = `SELECT address, row_number() OVER (ORDER BY id) AS n FROM members
                          WHERE id % ${BENCH_TREE.machineEvery} = 0`;
    await tx.query(
      `INSERT INTO payments (tx_hash, address, purpose, amount)
     SELECT '0x' || lpad(to_hex(1000000 + n), 64, '0'), address, 'machine', 100000000000000000000 FROM (${machineOwners}) o`,
    );
    await tx.query(
      `INSERT INTO member_machines (address, type_id, num, power, paid, tx_hash, start_day, end_day)
     SELECT address, 1, 1, 100, 100000000000000000000, '0x' || lpad(to_hex(1000000 + n), 64, '0'),
            current_date - 10, current_date + 1 + (n % 360)::int FROM (${machineOwners}) o`,
    );
    await tx.exec(`ALTER TABLE members ENABLE TRIGGER members_team_totals;
                 ALTER TABLE member_machines ENABLE TRIGGER member_machines_team_power;`);
    await tx.query("SELECT rebuild_team_totals()");
    await tx.exec("ANALYZE");
  });
}

/**
 * Login tokens of the tree's head, middle and leaf (they have no keys to sign in with), returned, and of
 * the bench's registrants (`BENCH_REGISTRANTS`).
 */
async function createSessions(): Promise<Record<keyof typeof TREE_MEMBERS, string>> {
  const tokens = { head: "bench-head", middle: "bench-middle", leaf: "bench-leaf" };
  const sessions = [
    ...Object.entries(tokens).map(([role, token]) => [
      token,
      TREE_MEMBERS[role as keyof typeof TREE_MEMBERS],
    ]),
    ...Array.from({ length: BENCH_REGISTRANTS.count }, (_, i) => [
      BENCH_REGISTRANTS.token(i),
      BENCH_REGISTRANTS.address(i),
    ]),
  ];
  await db.query(
    `INSERT INTO sessions (token_hash, address, expires_at)
     SELECT token_hash, address, now() + interval '1 day' FROM unnest($1::text[], $2::text[]) AS s(token_hash, address)`,
    [sessions.map(([token]) => hashToken(token!)), sessions.map(([, address]) => address)],
  );
  return tokens;
}

/** The design team figures replaced: a walk of the whole downline per read, now indexed. */
const DOWNLINE_WALK = `
  WITH RECURSIVE downline (address, depth) AS (
    SELECT address, 1 FROM members WHERE recommend = $1
    UNION ALL
    SELECT m.address, d.depth + 1 FROM members m JOIN downline d ON m.recommend = d.address WHERE d.depth < 1000
  )
  SELECT count(*) FILTER (WHERE d.depth = 1)::int AS direct_count, count(*)::int AS team_count,
         coalesce(sum(p.power), 0)::int AS team_power
    FROM downline d LEFT JOIN (SELECT address, sum(power)::int AS power FROM member_machines
                                WHERE end_day > (now() AT TIME ZONE 'UTC')::date GROUP BY address) p
      ON p.address = d.address`;

/** Registers the bench member under the tree's head with machines, a node and ledger history, as a busy member has. */
async function seedMember(address: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("INSERT INTO members (address, username, recommend) VALUES ($1, 'bench', $2)", [
      address,
      TREE_MEMBERS.head,
    ]);
    for (let i = 1; i <= BENCH_SEED.machines; i++) {
      const hash = `0x${i.toString(16).padStart(64, "0")}`;
      await tx.query(
        "INSERT INTO payments (tx_hash, address, purpose, amount) VALUES ($1, $2, 'machine', 100000000000000000000)",
        [hash, address],
      );
      await tx.query(
        `INSERT INTO member_machines (address, type_id, num, power, paid, tx_hash, start_day, end_day)
         VALUES ($1, 1, 1, 100, 100000000000000000000, $2, current_date - 10, current_date + 170)`,
        [address, hash],
      );
    }
    const nodeHash = `0x${"e".repeat(64)}`;
    await tx.query(
      "INSERT INTO payments (tx_hash, address, purpose, amount) VALUES ($1, $2, 'node', 1000000000000000000000)",
      [nodeHash, address],
    );
    await tx.query(
      "INSERT INTO member_nodes (address, level_id, paid, tx_hash) VALUES ($1, 1, 1000000000000000000000, $2)",
      [address, nodeHash],
    );
    await tx.query(
      `INSERT INTO ledger (address, credit_type, amount, kind, ref, day)
       SELECT $1, c, 1000000000000000000, 'mining', 'bench:' || c || ':' || n, current_date - n
         FROM generate_series(1, $2::int) AS n, unnest(ARRAY['usdt', 'arb']) AS c`,
      [address, BENCH_SEED.ledgerRowsPerCredit],
    );
  });
}

process.stderr.write(
  `${JSON.stringify({
    apiPort: (app.server.address() as AddressInfo).port,
    barePort: (bare.server.address() as AddressInfo).port,
    tree: TREE_MEMBERS,
    tokens,
  })}\n`,
);

process.once("SIGTERM", () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => db.close())
    .then(() => scratch?.drop())
    .finally(() => process.exit(0));
});

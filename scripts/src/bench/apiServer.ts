/**
 * The server side of the API bench, in a process of its own (started by `api.ts`): the API on an
 * in-memory PGlite (or a scratch database on the PostgreSQL server of `BENCH_DATABASE_URL`) seeded with a realistic amount of data, and a bare
 * Fastify route with the same body parser. Prints `{ apiPort, barePort }` as one JSON line on stderr
 * (stdout carries the request log), then serves until SIGTERM.
 */
import formbody from "@fastify/formbody";
import Fastify from "fastify";
import type { AddressInfo } from "node:net";
import pg from "pg";
import { buildApp } from "@taichi/server/app";
import { createDb, migrate } from "@taichi/server/db/index";
import { ENV_DEFAULTS, PGLITE_MEMORY } from "@taichi/server/env";
import { batchedLogStream } from "@taichi/server/lib/logStream";

/** Members, announcements and ledger rows the routes read from, so their queries do real work. */
export const BENCH_SEED = { members: 2_000, announcements: 30, ledgerRowsPerCredit: 300, machines: 5 };

const server = process.env.BENCH_DATABASE_URL;
const scratch = server ? await scratchDatabase(server) : null;
const db = await createDb(
  scratch ? { kind: "postgres", url: scratch.url } : { kind: "pglite", dataDir: PGLITE_MEMORY },
);
await migrate(db);
await db.query(
  `INSERT INTO members (address, username, recommend)
   SELECT '0x' || lpad(to_hex(n), 40, '0'), 'seed' || n, NULL FROM generate_series(1, $1::int) AS n`,
  [BENCH_SEED.members],
);
await db.query(
  `INSERT INTO announcements (title_zh, title_en, body_zh, body_en, created_at)
   SELECT '公告' || n, 'Notice ' || n, '内容' || n, 'Body ' || n, now() - n * interval '1 hour'
     FROM generate_series(1, $1::int) AS n`,
  [BENCH_SEED.announcements],
);

const member = process.env.BENCH_MEMBER?.toLowerCase();
if (member) await seedMember(member);

// As production runs it (request log at LOG_LEVEL, default info, into a pipe; cache defaults), but
// without the rate limit: one client IP sends everything. BENCH_MY_CACHE_MS=0 measures `my` uncached.
const app = buildApp({
  db,
  logger: { level: process.env.LOG_LEVEL || "info", stream: batchedLogStream() },
  rateLimit: false,
  sessionCacheMs: ENV_DEFAULTS.SESSION_CACHE_MS,
  homeCacheMs: ENV_DEFAULTS.HOME_CACHE_MS,
  myCacheMs: Number(process.env.BENCH_MY_CACHE_MS || ENV_DEFAULTS.MY_CACHE_MS),
});
const bare = Fastify({ logger: false });
await bare.register(formbody);
bare.post("/bare", async () => ({ code: 0, msg: "ok", data: null }));
// CPU time of this process so far (µs), read by the client around each run: a cost per request that a
// busy machine distorts much less than requests per second.
bare.get("/cpu", async () => process.cpuUsage());
await app.listen({ host: "127.0.0.1", port: 0 });
await bare.listen({ host: "127.0.0.1", port: 0 });

/** Registers the bench member with machines, a node and ledger history, as a busy member has. */
async function seedMember(address: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.query("INSERT INTO members (address, username, recommend) VALUES ($1, 'bench', NULL)", [
      address,
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
  })}\n`,
);

process.once("SIGTERM", () => {
  void Promise.all([app.close(), bare.close()])
    .then(() => db.close())
    .then(() => scratch?.drop())
    .finally(() => process.exit(0));
});

/** A database of its own on the PostgreSQL server of `serverUrl`, dropped again when the bench stops. */
async function scratchDatabase(serverUrl: string) {
  const name = `taichi_bench_${process.pid}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

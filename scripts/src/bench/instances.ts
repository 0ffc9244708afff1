/**
 * API throughput with 1 and with 2 API processes on one PostgreSQL database (loopback only): the real
 * entry point (`server/src/server.ts`) started as production starts it, behind a client that spreads
 * keep-alive requests over the instances as a load balancer does. Each member is a client of its own
 * (its own IP through `X-Forwarded-For`, its own login token), and the rate limit counts every request
 * in the database, as in production, with a limit no client reaches; one run without it gives its cost.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { Agent } from "node:http";
import { createDb, migrate } from "@taichi/server/db/index";
import { scratchDatabase } from "@taichi/server/db/scratch";
import { hashToken } from "@taichi/server/lib/auth";
import { freePort, startService, stopService, waitForPort, type Service } from "../processes.ts";
import { post, quantiles } from "./api.ts";

export type InstancesRow = {
  instances: number;
  rateLimit: string;
  route: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** CPU time of the API processes per request (all instances together). */
  apiCpuUsPerReq: number;
  /** CPU time of the PostgreSQL backends serving the bench database per request. */
  dbCpuUsPerReq: number;
};

/**
 * Members the load is spread over, each with machines and a page of ledger rows. Routes whose cost does
 * not hang on the throughput: `home` always from the cache, `walletList` always a query (a per-member
 * cache such as `my`'s would hit more often the faster the run, and blur the comparison).
 */
const MEMBERS = 200;
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const ROUTES = [
  { route: "home (one cached answer for all)", path: "/api/api/invest/home", body: "" },
  { route: "walletList (a query each)", path: "/api/api/invest/walletList", body: "credit_type=usdt" },
];

const TICK_US = 1_000_000 / Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim());

/** CPU time (user + system, µs) a process has used so far, 0 once it is gone. */
function processCpuUs(pid: number): number {
  const file = `/proc/${pid}/stat`;
  if (!existsSync(file)) return 0;
  // Fields after the command (which may hold spaces): utime and stime are the 12th and 13th.
  const fields = readFileSync(file, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * TICK_US;
}

/** `pid` and its descendants (tsx runs the server in a child process). */
function processTree(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  const children = existsSync(file) ? readFileSync(file, "utf8").trim().split(/\s+/).filter(Boolean) : [];
  return [pid, ...children.flatMap((child) => processTree(Number(child)))];
}

/** The PostgreSQL backends connected to `database` (their title names it). */
function backendsOf(database: string): number[] {
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes(` ${database} `);
      } catch {
        return false;
      }
    })
    .map(Number);
}

const FIRST_MEMBER = 0xbe00000;
const memberAddress = (n: number) => `0x${(FIRST_MEMBER + n).toString(16).padStart(40, "0")}`;
const memberToken = (n: number) => `bench-instance-member-${n}`;
const memberIp = (n: number) => `10.${Math.floor(n / 250)}.${n % 250}.1`;

async function seed(url: string): Promise<void> {
  const db = await createDb({ kind: "postgres", url });
  try {
    await migrate(db);
    await db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO members (address, username, recommend)
         SELECT '0x' || lpad(to_hex($2::int + n), 40, '0'), 'bench' || n,
                CASE WHEN n = 0 THEN NULL ELSE '0x' || lpad(to_hex($2::int), 40, '0') END
           FROM generate_series(0, $1::int - 1) AS n ORDER BY n`,
        [MEMBERS, FIRST_MEMBER],
      );
      await tx.query(
        `INSERT INTO payments (tx_hash, address, purpose, amount)
         SELECT '0x' || lpad(to_hex(id * 3 + k), 64, '0'), address, 'machine', 100000000000000000000
           FROM members, generate_series(0, 2) AS k`,
      );
      await tx.query(
        `INSERT INTO member_machines (address, type_id, num, power, paid, tx_hash, start_day, end_day)
         SELECT address, 1, 1, 100, amount, tx_hash, current_date - 1, current_date + 179 FROM payments`,
      );
      await tx.query(
        `INSERT INTO ledger (address, credit_type, amount, kind, ref, day)
         SELECT address, 'usdt', 1000000000000000000, 'mining', 'bench:' || address || ':' || d, current_date - d
           FROM members, generate_series(1, 50) AS d`,
      );
      for (let n = 0; n < MEMBERS; n++) {
        await tx.query(
          "INSERT INTO sessions (token_hash, address, expires_at) VALUES ($1, $2, now() + interval '1 day')",
          [hashToken(memberToken(n)), memberAddress(n)],
        );
      }
      await tx.exec("ANALYZE");
    });
  } finally {
    await db.close();
  }
}

async function startInstances(url: string, count: number, rateLimit: boolean) {
  const services: { service: Service; port: number }[] = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const service = startService("api", "tsx", ["server/src/server.ts"], {
      quiet: true,
      env: {
        DATABASE_URL: url,
        API_PORT: String(port),
        // No client reaches it: every request is counted in the database, none refused.
        RATE_LIMIT_PER_MINUTE: rateLimit ? "1000000" : "0",
        TRUST_PROXY: "127.0.0.1",
        // no payment is checked here: the tokens only need to be named (no deployment file is read)
        USDT_ADDRESS: "0x55d398326f99059fF775485246999027B3197955",
        ARB_ADDRESS: "0x000000000000000000000000000000000000dEaD",
      },
    });
    services.push({ service, port });
  }
  for (const { service, port } of services) await waitForPort(service, port);
  return services;
}

/**
 * `concurrency` clients for `seconds`, request i to instance i mod n, each as one member of the pool;
 * `cpu()` reads the API's and the database's CPU time so far.
 */
async function load(
  ports: number[],
  path: string,
  body: string,
  {
    seconds,
    concurrency,
    cpu,
  }: { seconds: number; concurrency: number; cpu: () => { api: number; db: number } },
) {
  const agents = ports.map(() => new Agent({ keepAlive: true, maxSockets: concurrency }));
  const latencies: number[] = [];
  let sent = 0;
  let failures = 0;
  let deadline = performance.now() + 500;
  async function worker() {
    while (performance.now() < deadline) {
      const n = sent++;
      const member = n % MEMBERS;
      const start = performance.now();
      const instance = n % ports.length;
      const { status, text } = await post(
        agents[instance]!,
        ports[instance]!,
        path,
        { ...FORM, token: memberToken(member), "x-forwarded-for": memberIp(member) },
        body,
      );
      if (status !== 200 || (JSON.parse(text) as { code?: number }).code !== 0) failures += 1;
      latencies.push(performance.now() - start);
    }
  }
  // Half a second of warm-up (JIT, connections), not counted.
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.length = 0;
  const before = cpu();
  deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const after = cpu();
  for (const agent of agents) agent.destroy();
  if (failures > 0) throw new Error(`${path}: ${failures} requests failed`);
  const { p50Ms, p99Ms } = quantiles(latencies);
  return {
    reqPerSec: Math.round(latencies.length / elapsed),
    p50Ms,
    p99Ms,
    apiCpuUsPerReq: (after.api - before.api) / latencies.length,
    dbCpuUsPerReq: (after.db - before.db) / latencies.length,
  };
}

/**
 * Rows for 1 instance without and with the shared rate limit, and 2 instances with it; `rounds`
 * alternate the setups' runs so a busy machine slows them alike (medians reported).
 */
export async function measureInstances(
  serverUrl: string,
  { seconds = 3, concurrency = 16, rounds = 3 } = {},
): Promise<InstancesRow[]> {
  const scratch = await scratchDatabase(serverUrl, "taichi_bench");
  const setups = [
    { instances: 1, rateLimit: false },
    { instances: 1, rateLimit: true },
    { instances: 2, rateLimit: true },
  ];
  try {
    await seed(scratch.url);
    const runs = new Map<string, Awaited<ReturnType<typeof load>>[]>();
    for (let round = 0; round < rounds; round++) {
      for (const setup of setups) {
        const services = await startInstances(scratch.url, setup.instances, setup.rateLimit);
        try {
          const ports = services.map((s) => s.port);
          const database = new URL(scratch.url).pathname.slice(1);
          const sum = (pids: number[]) => pids.reduce((total, pid) => total + processCpuUs(pid), 0);
          // Pooled connections stay open between the warm-up and the end of a run, so the same backends
          // are read before and after it.
          const cpu = () => ({
            api: sum(services.flatMap((s) => processTree(s.service.child.pid!))),
            db: sum(backendsOf(database)),
          });
          for (const route of ROUTES) {
            const key = `${setup.instances}/${setup.rateLimit}/${route.route}`;
            runs.set(key, [
              ...(runs.get(key) ?? []),
              await load(ports, route.path, route.body, { seconds, concurrency, cpu }),
            ]);
          }
        } finally {
          await Promise.all(services.map((s) => stopService(s.service)));
        }
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    return setups.flatMap((setup) =>
      ROUTES.map((route) => {
        const results = runs.get(`${setup.instances}/${setup.rateLimit}/${route.route}`)!;
        return {
          instances: setup.instances,
          rateLimit: setup.rateLimit ? "shared (PostgreSQL)" : "off",
          route: route.route,
          reqPerSec: median(results.map((r) => r.reqPerSec)),
          p50Ms: median(results.map((r) => r.p50Ms)),
          p99Ms: median(results.map((r) => r.p99Ms)),
          apiCpuUsPerReq: Math.round(median(results.map((r) => r.apiCpuUsPerReq))),
          dbCpuUsPerReq: Math.round(median(results.map((r) => r.dbCpuUsPerReq))),
        };
      }),
    );
  } finally {
    await scratch.drop();
  }
}

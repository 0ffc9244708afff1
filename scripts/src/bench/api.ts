/**
 * API throughput on loopback: `home` and `my` (signed in) against a bare Fastify route measured in
 * the same run, each under the same concurrent load for a bounded time. The server runs in a process
 * of its own (`apiServer.ts`); this process is only the load client (keep-alive `node:http`).
 * Also times sign-in as a wallet does it: `nonce`, then `login` with the signed message.
 */
import { Agent, request, type IncomingHttpHeaders } from "node:http";
import type { Readable } from "node:stream";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { DEV_ROLES, devAccount } from "../env.ts";
import { startService, stopService } from "../processes.ts";

export type ApiRow = {
  route: string;
  reqPerSec: number;
  p50Ms: number;
  p99Ms: number;
  /** Requests per second as a share of the bare route's. */
  ratio: number | null;
  /** Server CPU time (user + system) per request. */
  cpuUsPerReq: number;
  /** The bare route's CPU per request over this route's: the throughput share on a machine of its own. */
  cpuRatio: number | null;
};
export type SignInRow = { step: string; p50Ms: number; p99Ms: number; samples: number };
/** One team call of one member of the bench tree: latency of requests one after another. */
export type TeamRow = { call: string; member: string; p50Ms: number; p95Ms: number; samples: number };
/**
 * `walletList` of a bystander, alone or beside ten calls of others: p50/p95 as the client saw them, as
 * the server did (from its hooks to its answer), and the fewest team calls running or waiting in the
 * server when one of its requests arrived.
 */
export type BystanderRow = {
  load: string;
  p50Ms: number;
  p95Ms: number;
  serverP50Ms: number;
  serverP95Ms: number;
  teamCallsAtLeast: number;
  samples: number;
};
/** One step of the first-visit load: 1,000 distinct members at once. */
export type FirstVisitRow = { step: string; p50Ms: number; p99Ms: number; samples: number };

/** The first-visit load: distinct members, each new to the server (no cached session or `my`). */
export const FIRST_VISITS = 1_000;
/** Sockets the first-visit load keeps open at most (the rest of the members queue for one). */
const FIRST_VISIT_SOCKETS = 64;
/** The one purchase among the first visits; the bench server's payment check accepts this hash only. */
export const BENCH_PAID_HASH = `0x${"b".repeat(64)}`;

/** The line the bench server writes on stderr for each heavy call (team call or registration) it reads. */
export const HEAVY_CALL_ARRIVED = "heavy call arrived";

/**
 * Fresh addresses with a login token each (the bench server makes their sessions), which register under
 * the chain's leaf, 1,000 generations deep, ten at a time beside the bystander.
 */
export const BENCH_REGISTRANTS = {
  count: 1_000,
  address: (i: number) => `0x${(0xf0000000 + i).toString(16).padStart(40, "0")}`,
  token: (i: number) => `bench-registrant-${i}`,
};

/** The replaced design: the whole downline walked per read (indexed), timed in the server process. */
export type WalkRow = { member: string; walkMs: number };

type TreeMember = "head" | "middle" | "leaf";

const FORM = { "content-type": "application/x-www-form-urlencoded" };

/** p50, p95 and p99 of latencies in ms, rounded to 1/`perMs` ms. */
export function quantiles(samples: number[], perMs = 100) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) =>
    Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! * perMs) / perMs;
  return { p50Ms: at(0.5), p95Ms: at(0.95), p99Ms: at(0.99) };
}

export function post(agent: Agent, port: number, path: string, headers: Record<string, string>, body = "") {
  return new Promise<{ status: number; text: string; headers: IncomingHttpHeaders }>((resolve, reject) => {
    const req = request(
      {
        agent,
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { ...headers, "content-length": Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          resolve({
            status: res.statusCode ?? 0,
            text: Buffer.concat(chunks).toString(),
            headers: res.headers,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

function p50p99(samples: number[]) {
  const { p50Ms, p99Ms } = quantiles(samples);
  return { p50Ms, p99Ms };
}

function p50p95(samples: number[]) {
  const { p50Ms, p95Ms } = quantiles(samples);
  return { p50Ms, p95Ms };
}

/** GET `path` of the bench server's bare Fastify on `port`, as parsed JSON. */
function getJson<T>(port: number, path: string): Promise<T> {
  return new Promise((resolve, reject) => {
    request({ host: "127.0.0.1", port, path }, (res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => resolve(JSON.parse(text) as T));
    })
      .on("error", reject)
      .end();
  });
}

async function serverCpu(port: number): Promise<number> {
  const { user, system } = await getJson<{ user: number; system: number }>(port, "/cpu");
  return user + system;
}

async function load(
  cpuPort: number,
  port: number,
  path: string,
  headers: Record<string, string>,
  seconds: number,
  concurrency: number,
) {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies: number[] = [];
  let failures = 0;
  let deadline = performance.now() + 500;
  async function worker() {
    while (performance.now() < deadline) {
      const start = performance.now();
      const { status, text } = await post(agent, port, path, headers);
      if (status !== 200 || (JSON.parse(text) as { code?: number }).code !== 0) failures += 1;
      latencies.push(performance.now() - start);
    }
  }
  // Half a second of warm-up (JIT, connections, PGlite caches), not counted.
  await Promise.all(Array.from({ length: concurrency }, worker));
  latencies.length = 0;
  const cpuBefore = await serverCpu(cpuPort);
  deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  await Promise.all(Array.from({ length: concurrency }, worker));
  const elapsed = (performance.now() - started) / 1000;
  const cpuUsPerReq = ((await serverCpu(cpuPort)) - cpuBefore) / latencies.length;
  agent.destroy();
  if (failures > 0) throw new Error(`${path}: ${failures} of ${latencies.length} requests failed`);
  return { reqPerSec: Math.round(latencies.length / elapsed), ...p50p99(latencies), cpuUsPerReq };
}

export async function measureApi({ seconds = 3, concurrency = 16, signIns = 50, rounds = 3 } = {}): Promise<{
  throughput: ApiRow[];
  signIn: SignInRow[];
  team: TeamRow[];
  bystander: BystanderRow[];
  walk: WalkRow[];
  firstVisit: FirstVisitRow[];
}> {
  const member = devAccount(DEV_ROLES.members[0]);
  const server = startService("api", "tsx", ["scripts/src/bench/apiServer.ts"], {
    env: { BENCH_MEMBER: member.address },
    quiet: true,
  });
  try {
    const output = benchServerOutput(server.child.stderr!);
    const { apiPort, barePort, tree, tokens } = await Promise.race([
      output.started,
      server.exited.then((code) => Promise.reject(new Error(`bench API server exited (${code})`))),
    ]);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const call = async (name: string, form: Record<string, string>, headers: Record<string, string> = {}) => {
      const start = performance.now();
      const { text } = await post(
        agent,
        apiPort,
        `/api/api/invest/${name}`,
        { ...FORM, ...headers },
        new URLSearchParams(form).toString(),
      );
      const ms = performance.now() - start;
      const body = JSON.parse(text) as { code: number; msg: string; data: Record<string, string> };
      if (body.code !== 0) throw new Error(`${name}: ${body.code} ${body.msg}`);
      return { data: body.data, ms };
    };

    // Sign-ins one after another: nonce round trip, then login (SIWE parse + signature recovery +
    // nonce consumption + session insert). The wallet's signing happens in between, not counted.
    const nonceMs: number[] = [];
    const loginMs: number[] = [];
    let token = "";
    for (let i = 0; i < signIns; i++) {
      const nonce = await call("nonce", { address: member.address });
      const signature = await member.signMessage({ message: nonce.data.message! });
      const login = await call("login", { message: nonce.data.message!, signature });
      nonceMs.push(nonce.ms);
      loginMs.push(login.ms);
      token = login.data.token!;
    }
    agent.destroy();
    const signIn: SignInRow[] = [
      { step: "nonce", ...p50p99(nonceMs), samples: signIns },
      { step: "login (verify + token)", ...p50p99(loginMs), samples: signIns },
      { step: "sign-in total", ...p50p99(nonceMs.map((ms, i) => ms + loginMs[i]!)), samples: signIns },
    ];

    // Rounds alternate the three targets so a busy machine slows them alike; medians are reported.
    const targets = [
      { route: "bare Fastify route", port: barePort, path: "/bare", headers: FORM },
      { route: "home", port: apiPort, path: "/api/api/invest/home", headers: FORM },
      { route: "my", port: apiPort, path: "/api/api/invest/my", headers: { ...FORM, token } },
    ];
    const runs = targets.map(() => [] as Awaited<ReturnType<typeof load>>[]);
    for (let round = 0; round < rounds; round++) {
      for (const [i, target] of targets.entries()) {
        runs[i]!.push(await load(barePort, target.port, target.path, target.headers, seconds, concurrency));
      }
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const round2 = (value: number) => Math.round(value * 100) / 100;
    const throughput: ApiRow[] = targets.map((target, i) => ({
      route: target.route,
      reqPerSec: median(runs[i]!.map((run) => run.reqPerSec)),
      p50Ms: median(runs[i]!.map((run) => run.p50Ms)),
      p99Ms: median(runs[i]!.map((run) => run.p99Ms)),
      ratio: round2(median(runs[i]!.map((run, round) => run.reqPerSec / runs[0]![round]!.reqPerSec))),
      cpuUsPerReq: Math.round(median(runs[i]!.map((run) => run.cpuUsPerReq))),
      cpuRatio: round2(median(runs[i]!.map((run, round) => runs[0]![round]!.cpuUsPerReq / run.cpuUsPerReq))),
    }));
    const { team, bystander } = await measureTeam(apiPort, tree, tokens, token, output.heavyCalls);
    const walk: WalkRow[] = [];
    // Once each: the head's walk takes tens of seconds on PGlite.
    for (const member of ["head", "middle", "leaf"] as const) {
      walk.push({ member, walkMs: Math.round((await walkMs(barePort, tree[member])) * 10) / 10 });
    }
    const firstVisit = await measureFirstVisits(apiPort, barePort, tree.head);
    return { throughput, signIn, team, bystander, walk, firstVisit };
  } finally {
    await stopService(server);
  }
}

/**
 * What the bench server says on stderr (stdout carries its request log), line by line: its ports, one
 * JSON line, then a line for each heavy call it reads, counted so the client can wait until it has read some.
 */
function benchServerOutput(stderr: Readable) {
  let started!: (ports: BenchServerPorts) => void;
  let rest = "";
  let read = 0;
  const waiting: { count: number; resolve: () => void }[] = [];
  stderr.on("data", (chunk: Buffer) => {
    const lines = (rest + chunk.toString()).split("\n");
    rest = lines.pop()!;
    for (const line of lines) {
      if (line === HEAVY_CALL_ARRIVED) read += 1;
      else if (line.startsWith("{")) started(JSON.parse(line) as BenchServerPorts);
    }
    for (const waiter of waiting.filter((w) => w.count <= read)) {
      waiting.splice(waiting.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  return {
    started: new Promise<BenchServerPorts>((resolve) => (started = resolve)),
    heavyCalls: {
      until: (count: number) =>
        count <= read ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ count, resolve })),
    },
  };
}
type BenchServerPorts = {
  apiPort: number;
  barePort: number;
  tree: Record<TreeMember, string>;
  tokens: Record<TreeMember, string>;
};
/** A wait until the bench server has read `count` heavy calls in all. */
type HeavyCallsRead = { until: (count: number) => Promise<void> };

const TEAM_SAMPLES = 200;
/** Rounds of the bystander's samples: one of each load per round. */
const BYSTANDER_ROUNDS = 500;
/** Rounds of the bystander beside ten registrations (each registrant registers once). */
const REGISTRATION_ROUNDS = BENCH_REGISTRANTS.count / 10;
/** Client addresses (X-Forwarded-For) of the bystander and of everyone else in the team bench. */
const BYSTANDER_CLIENT = "198.51.100.2";
const OTHER_CLIENT = "198.51.100.1";
/** Heavy calls in flight beside the bystander's: the ten, of the tree's head. */
const HEAVY_CALLS = 10;

/**
 * p50/p95 of `teamInfo` and `recommendList` for the head, middle and leaf of the bench tree (requests
 * one after another), and a bystander's `walletList`: alone; while ten calls of the head run (sent once
 * the server has read the ten: the "ten heavy calls running"); sent at the same moment as the
 * ten; and, as a control, sent at the same moment as ten cheap calls of another member.
 */
async function measureTeam(
  port: number,
  tree: Record<TreeMember, string>,
  tokens: Record<TreeMember, string>,
  bystanderToken: string,
  heavyCalls: HeavyCallsRead,
): Promise<{ team: TeamRow[]; bystander: BystanderRow[] }> {
  const agent = new Agent({ keepAlive: true, maxSockets: HEAVY_CALLS + 1 });
  /**
   * One call: the client's latency, the server's own time (`x-server-ms`, from its hooks to its answer)
   * and the team calls running or waiting in the server when it arrived (`x-team-calls`).
   */
  let heavyCallsSent = 0;
  const timed = async (name: string, token: string, body = "") => {
    if (["teamInfo", "recommendList", "register"].includes(name)) heavyCallsSent += 1;
    const start = performance.now();
    // The bystander is a client of its own; the others share one (told apart with BENCH_RATE_LIMIT=1).
    const client = token === bystanderToken ? BYSTANDER_CLIENT : OTHER_CLIENT;
    const answer = await post(
      agent,
      port,
      `/api/api/invest/${name}`,
      { ...FORM, token, "x-forwarded-for": client },
      body,
    );
    const ms = performance.now() - start;
    const code = (JSON.parse(answer.text) as { code?: number }).code;
    if (answer.status !== 200 || code !== 0) {
      throw new Error(`${name}: HTTP ${answer.status}, code ${code}: ${answer.text}`);
    }
    return {
      ms,
      serverMs: Number(answer.headers["x-server-ms"] ?? Number.NaN),
      teamCalls: Number(answer.headers["x-team-calls"] ?? Number.NaN),
    };
  };
  type Sample = Awaited<ReturnType<typeof timed>>;
  const series = async (name: string, token: string, body = "", samples = TEAM_SAMPLES) => {
    for (let i = 0; i < 20; i++) await timed(name, token, body); // warm-up, not counted
    const times: Sample[] = [];
    for (let i = 0; i < samples; i++) times.push(await timed(name, token, body));
    return times;
  };
  const clientTimes = (samples: Sample[]) => p50p95(samples.map((sample) => sample.ms));
  const team: TeamRow[] = [];
  for (const call of ["teamInfo", "recommendList"]) {
    for (const member of ["head", "middle", "leaf"] as const) {
      team.push({ call, member, ...clientTimes(await series(call, tokens[member])), samples: TEAM_SAMPLES });
    }
  }
  const wallet = "credit_type=usdt";
  const bystander = () => timed("walletList", bystanderToken, wallet);
  /**
   * The bystander's walletList sent right after the ten calls `other(j)`, or, `whileRunning`, once the
   * server has read every heavy call sent so far (team calls and registrations: the server announces those).
   */
  const besides = async (other: (j: number) => Promise<Sample>, whileRunning = false) => {
    const others = Array.from({ length: HEAVY_CALLS }, (_, j) => other(j));
    if (whileRunning) await heavyCalls.until(heavyCallsSent);
    const sample = await bystander();
    await Promise.all(others);
    return sample;
  };
  const ofTheHead = (j: number) => timed(j % 2 === 0 ? "teamInfo" : "recommendList", tokens.head);
  for (let i = 0; i < 20; i++) await bystander(); // warm-up, not counted
  // Rounds take one sample of each load in turn, so a busy machine slows them alike.
  const idle: Sample[] = [];
  const running: Sample[] = [];
  const sentWith: Sample[] = [];
  const control: Sample[] = [];
  for (let i = 0; i < BYSTANDER_ROUNDS; i++) {
    idle.push(await bystander());
    running.push(await besides(ofTheHead, true));
    sentWith.push(await besides(ofTheHead));
    // the control: as many cheap calls of another member, so the cost of concurrency alone shows
    control.push(await besides(() => timed("walletList", tokens.leaf, wallet)));
  }
  // Ten fresh members registering under the chain's leaf: each registration updates 1,000 uplines' totals.
  const idleBetween: Sample[] = [];
  const registering: Sample[] = [];
  for (let i = 0; i < REGISTRATION_ROUNDS; i++) {
    idleBetween.push(await bystander());
    const register = (j: number) => {
      const n = i * HEAVY_CALLS + j;
      return timed("register", BENCH_REGISTRANTS.token(n), `username=new${n}&recommend=${tree.leaf}`);
    };
    registering.push(await besides(register, true));
  }
  agent.destroy();
  const row = (load: string, samples: Sample[]): BystanderRow => {
    const server = p50p95(samples.map((sample) => sample.serverMs));
    return {
      load,
      ...clientTimes(samples),
      serverP50Ms: server.p50Ms,
      serverP95Ms: server.p95Ms,
      teamCallsAtLeast: Math.min(...samples.map((sample) => sample.teamCalls)),
      samples: samples.length,
    };
  };
  return {
    team,
    bystander: [
      row("idle", idle),
      row(`while ${HEAVY_CALLS} calls of the head run`, running),
      row(`sent with ${HEAVY_CALLS} calls of the head`, sentWith),
      row(`sent with ${HEAVY_CALLS} walletList of another member (control)`, control),
      row("idle, between the registrations", idleBetween),
      row(`while ${HEAVY_CALLS} members register 1,000 deep`, registering),
    ],
  };
}

async function walkMs(port: number, address: string): Promise<number> {
  return (await getJson<{ ms: number }>(port, `/walk?address=${address}`)).ms;
}

type LedgerCheck = { members: number; payments: number; machines: number; mismatched: number };

/**
 * FIRST_VISITS members the server has never seen, all at once: each signs in (EIP-4361 `nonce`, the
 * signature, `login`), registers under the tree's head and reads `my`; one of them also buys a machine
 * with the bench's paid hash. Fails on any 5xx or refusal, and unless the database then holds exactly
 * the new members, one booking of the paid hash, and balances equal to their ledgers.
 */
async function measureFirstVisits(
  port: number,
  barePort: number,
  referrer: string,
): Promise<FirstVisitRow[]> {
  const before = await getJson<LedgerCheck>(barePort, "/ledger");
  const agent = new Agent({ keepAlive: true, maxSockets: FIRST_VISIT_SOCKETS });
  const times: Record<"nonce" | "login" | "register" | "my" | "visit", number[]> = {
    nonce: [],
    login: [],
    register: [],
    my: [],
    visit: [],
  };
  const failures: string[] = [];
  const call = async (step: keyof typeof times, form: Record<string, string>, token?: string) => {
    const start = performance.now();
    const { status, text } = await post(
      agent,
      port,
      `/api/api/invest/${step === "visit" ? "buyMachine" : step}`,
      { ...FORM, lang: "en", ...(token ? { token } : {}) },
      new URLSearchParams(form).toString(),
    );
    const ms = performance.now() - start;
    if (step !== "visit") times[step].push(ms);
    const body = status < 500 ? (JSON.parse(text) as { code: number; data: Record<string, string> }) : null;
    if (body?.code !== 0) failures.push(`${step}: HTTP ${status} ${text.slice(0, 200)}`);
    return { data: body?.data ?? {}, ms };
  };
  const buyer = Math.floor(FIRST_VISITS / 2);
  let buyerPower: string | undefined;
  await Promise.all(
    Array.from({ length: FIRST_VISITS }, async (_, i) => {
      const account = privateKeyToAccount(generatePrivateKey());
      const nonce = await call("nonce", { address: account.address });
      const signature = await account.signMessage({ message: nonce.data.message ?? "" });
      const login = await call("login", { message: nonce.data.message ?? "", signature });
      const token = login.data.token ?? "";
      const register = await call("register", { username: `visitor${i}`, recommend: referrer }, token);
      if (i === buyer) await call("visit", { id: "1", num: "1", hash: BENCH_PAID_HASH }, token);
      const my = await call("my", {}, token);
      if (i === buyer) buyerPower = my.data.power;
      times.visit.push(nonce.ms + login.ms + register.ms + my.ms);
    }),
  );
  agent.destroy();
  const after = await getJson<LedgerCheck>(barePort, "/ledger");
  if (after.members !== before.members + FIRST_VISITS)
    failures.push(`members ${before.members} -> ${after.members}`);
  if (after.payments !== 1 || after.machines !== 1)
    failures.push(`paid hash booked ${after.payments}/${after.machines} times`);
  if (after.mismatched !== 0) failures.push(`${after.mismatched} balances differ from their ledger`);
  if (String(buyerPower) !== "100") failures.push(`the buyer's power reads ${buyerPower}, not 100`);
  if (failures.length > 0)
    throw new Error(`first visits: ${failures.length} failures, first: ${failures.slice(0, 3).join("; ")}`);
  return (["nonce", "login", "register", "my", "visit"] as const).map((step) => ({
    step: step === "visit" ? "whole first visit (server time of the four)" : step,
    ...p50p99(times[step]),
    samples: times[step].length,
  }));
}

/**
 * The team calls' bulkhead (docs/server.md, "Limits"): team calls run `inFlight` at a time per process,
 * the next `queued` wait in arrival order, the rest are answered 4800 busy; other members' calls never
 * wait behind them. The unit part drives `Bulkhead` with calls the test finishes; the route part sends
 * real team calls to the app on PGlite (and on PostgreSQL with TEST_DATABASE_URL).
 */
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../src/app.ts";
import { createDb, migrate, type Db } from "../src/db/index.ts";
import { Bulkhead, BulkheadFullError, type BulkheadOptions } from "../src/lib/bulkhead.ts";
import { defineRoute, INVEST_PREFIX } from "../src/routes/invest/index.ts";
import type { InvestContext } from "../src/routes/invest/route.ts";
import {
  addressOf,
  addressTokens,
  createTestDatabase,
  createTestDb,
  insertMember,
  post,
  resetDb,
  NEEDS_POSTGRES,
  POSTGRES_URL,
} from "./helpers.ts";

/** A promise and the function that fulfils it. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

/** Calls for a bulkhead that record when they start and end when the test says. */
function heldCalls(count: number) {
  const started: number[] = [];
  const starts = Array.from({ length: count }, () => deferred());
  const finishes = Array.from({ length: count }, () => deferred<string>());
  const call = (i: number) => () => {
    started.push(i);
    starts[i]!.resolve();
    return finishes[i]!.promise;
  };
  return { started, starts, finishes, call };
}

describe("Bulkhead", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs at most inFlight calls at once and starts the waiting ones in arrival order", async () => {
    const bulkhead = new Bulkhead({ inFlight: 2, queued: 10, waitMs: 60_000, yieldMs: 0 });
    const { started, starts, finishes, call } = heldCalls(5);
    const results = [0, 1, 2, 3, 4].map((i) => bulkhead.run(call(i)));
    await Promise.all([starts[0]!.promise, starts[1]!.promise]);
    expect(started).toEqual([0, 1]);

    finishes[1]!.resolve("one");
    await expect(results[1]).resolves.toBe("one");
    await starts[2]!.promise;
    expect(started).toEqual([0, 1, 2]);

    finishes[0]!.resolve("zero");
    await starts[3]!.promise;
    finishes[2]!.resolve("two");
    await starts[4]!.promise;
    expect(started).toEqual([0, 1, 2, 3, 4]);
    finishes[3]!.resolve("three");
    finishes[4]!.resolve("four");
    expect(await Promise.all(results)).toEqual(["zero", "one", "two", "three", "four"]);
  });

  it("refuses a call at once, without running it, when the queue is full", async () => {
    const bulkhead = new Bulkhead({ inFlight: 1, queued: 1, waitMs: 60_000, yieldMs: 0 });
    const { started, starts, finishes, call } = heldCalls(3);
    const running = bulkhead.run(call(0));
    const waiting = bulkhead.run(call(1));
    await starts[0]!.promise;
    await expect(bulkhead.run(call(2))).rejects.toEqual(new BulkheadFullError("queue full"));
    expect(started).toEqual([0]);

    finishes[0]!.resolve("zero");
    await starts[1]!.promise;
    finishes[1]!.resolve("one");
    expect([await running, await waiting]).toEqual(["zero", "one"]);
    expect(started).toEqual([0, 1]);
  });

  it("refuses a call that waited waitMs without a turn and gives its place to the next", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const bulkhead = new Bulkhead({ inFlight: 1, queued: 2, waitMs: 1_000, yieldMs: 0 });
    const { started, starts, finishes, call } = heldCalls(3);
    const running = bulkhead.run(call(0));
    const first = bulkhead.run(call(1));
    const firstRefused = expect(first).rejects.toEqual(new BulkheadFullError("waited too long"));
    await starts[0]!.promise;
    await vi.advanceTimersByTimeAsync(500);
    const second = bulkhead.run(call(2));
    await vi.advanceTimersByTimeAsync(600);
    await firstRefused;

    finishes[0]!.resolve("zero");
    await starts[2]!.promise;
    expect(started).toEqual([0, 2]);
    finishes[2]!.resolve("two");
    expect([await running, await second]).toEqual(["zero", "two"]);
  });

  it("starts a call with a turn once the other requests in flight have ended", async () => {
    const bulkhead = new Bulkhead({ inFlight: 1, queued: 10, waitMs: 60_000, yieldMs: 60_000 });
    const { started, starts, finishes, call } = heldCalls(1);
    const first = bulkhead.other();
    const second = bulkhead.other();
    const result = bulkhead.run(call(0));
    first();
    first(); // ending twice counts once: the second request is still in flight
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([]);

    second();
    await starts[0]!.promise;
    finishes[0]!.resolve("ran");
    await expect(result).resolves.toBe("ran");
  });

  it("starts it after yieldMs at most when other requests keep coming", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const bulkhead = new Bulkhead({ inFlight: 1, queued: 10, waitMs: 60_000, yieldMs: 1_000 });
    const { started, starts, finishes, call } = heldCalls(1);
    bulkhead.other(); // never ends
    const result = bulkhead.run(call(0));
    await new Promise((resolve) => setImmediate(resolve)); // it has looked: a request is in flight
    await vi.advanceTimersByTimeAsync(999);
    expect(started).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    await starts[0]!.promise;
    finishes[0]!.resolve("ran");
    await expect(result).resolves.toBe("ran");
  });

  it("makes each statement of a running call wait for the requests that arrived since it started", async () => {
    const bulkhead = new Bulkhead({ inFlight: 1, queued: 10, waitMs: 60_000, yieldMs: 60_000 });
    const sent: string[] = [];
    const database: Db = {
      kind: "pglite",
      query: async <T>(sql: string) => {
        sent.push(sql);
        return { rows: [] as T[] };
      },
      exec: async (sql) => void sent.push(sql),
      transaction: (fn) => fn(database),
      close: async () => {},
    };
    const db = bulkhead.yielding(database);
    await db.query("first"); // nothing else in flight: at once
    const ordinary = bulkhead.other();
    const second = db.query("second");
    const third = db.exec("third");
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(sent).toEqual(["first"]);

    ordinary();
    await Promise.all([second, third]);
    expect(sent).toEqual(["first", "second", "third"]);
    // inside a transaction a statement may hold locks: it never waits
    bulkhead.other(); // never ends
    await db.transaction((tx) => tx.query("in a transaction"));
    expect(sent).toEqual(["first", "second", "third", "in a transaction"]);
  });

  it("does not run a call whose client is gone by its turn, and passes the turn on", async () => {
    const bulkhead = new Bulkhead({ inFlight: 1, queued: 10, waitMs: 60_000, yieldMs: 0 });
    const { started, starts, finishes, call } = heldCalls(3);
    const first = bulkhead.run(call(0));
    let clientGone = false;
    const second = bulkhead.run(call(1), () => clientGone);
    const third = bulkhead.run(call(2));
    await starts[0]!.promise;
    expect(bulkhead.load).toEqual({ running: 1, waiting: 2 });
    clientGone = true;
    finishes[0]!.resolve("zero");
    await expect(second).rejects.toThrow(new BulkheadFullError("client gone"));
    await starts[2]!.promise;
    finishes[2]!.resolve("two");
    expect([await first, await third]).toEqual(["zero", "two"]);
    expect(started).toEqual([0, 2]);
    expect(bulkhead.load).toEqual({ running: 0, waiting: 0 });
  });

  it("gives the turn of a call that failed to the next, and frees it when none waits", async () => {
    const bulkhead = new Bulkhead({ inFlight: 1, queued: 0, waitMs: 60_000, yieldMs: 0 });
    await expect(bulkhead.run(() => Promise.reject(new Error("query failed")))).rejects.toThrow(
      "query failed",
    );
    // The turn is free again: a call runs (with queued 0 it would be refused if the turn were kept).
    await expect(bulkhead.run(async () => "ran")).resolves.toBe("ran");
  });
});

const HEAD = addressOf(1);
const MEMBER = addressOf(2);
const BYSTANDER = addressOf(3);
const token = (address: string) => ({ token: address });
const TEST_PREFIX = `/test${INVEST_PREFIX}`;
const BUSY_EN = { code: 4800, msg: "The server is busy, please try again shortly", data: null };

/** The tree: HEAD with two direct referrals, MEMBER and BYSTANDER. */
async function seedTree(db: Db): Promise<void> {
  await resetDb(db);
  await insertMember(db, HEAD);
  await insertMember(db, MEMBER, HEAD);
  await insertMember(db, BYSTANDER, HEAD);
}

describe("team calls through the bulkhead", () => {
  let db: Db;
  beforeAll(async () => {
    db = await createTestDb();
  });
  afterAll(() => db.close());
  beforeEach(() => seedTree(db));

  /**
   * Runs `body` while a test-only call of the bulkhead's holds a turn (it waits until `body` is done),
   * then checks that the held call answers once let go.
   */
  async function whileHeld(bulkhead: BulkheadOptions, body: (app: FastifyInstance) => Promise<void>) {
    const release = deferred();
    const holding = deferred();
    const app = buildApp({ db, verifySession: addressTokens, bulkhead });
    const heldCall = defineRoute({
      name: "teamInfo",
      auth: true,
      bulkhead: "team",
      handler: async () => {
        holding.resolve();
        await release.promise;
        return "held";
      },
    });
    app.register(async (child) => heldCall.register(child), { prefix: TEST_PREFIX });
    try {
      const held = post(app, "teamInfo", { prefix: TEST_PREFIX, headers: token(MEMBER) });
      await holding.promise;
      await body(app);
      release.resolve();
      expect((await held).json()).toMatchObject({ code: 0, data: "held" });
    } finally {
      release.resolve();
      await app.close();
    }
  }

  /**
   * An app where another member's ordinary call (`walletList`) is held until `release`, once `holding`,
   * beside a team call (`teamInfo`, through the bulkhead) that runs `teamCall`; `send` posts to either.
   */
  function withHeldOrdinaryCall(
    teamCall: (context: InvestContext<undefined>) => Promise<string>,
    onOrdinary = () => {},
  ) {
    const release = deferred();
    const holding = deferred();
    const app = buildApp({
      db,
      verifySession: addressTokens,
      bulkhead: { inFlight: 1, queued: 5, waitMs: 60_000, yieldMs: 60_000 },
    });
    const routes = [
      defineRoute({
        name: "walletList",
        auth: true,
        handler: async () => {
          onOrdinary();
          holding.resolve();
          await release.promise;
          return "ordinary";
        },
      }),
      defineRoute({ name: "teamInfo", auth: true, bulkhead: "team", handler: teamCall }),
    ];
    app.register(async (child) => routes.forEach((route) => route.register(child)), { prefix: TEST_PREFIX });
    const send = (name: string, address: string) =>
      post(app, name, { prefix: TEST_PREFIX, headers: token(address) });
    return { app, send, holding, release };
  }

  it("answers team calls past the queue 4800 busy in zh and en, and other members' calls at once", async () => {
    await whileHeld({ inFlight: 1, queued: 0, waitMs: 60_000, yieldMs: 0 }, async (app) => {
      const zh = await post(app, "teamInfo", { headers: token(HEAD) });
      expect(zh.statusCode).toBe(200);
      expect(zh.json()).toEqual({ code: 4800, msg: "服务器繁忙，请稍后再试", data: null });
      const en = await post(app, "recommendList", { headers: { ...token(HEAD), lang: "en" } });
      expect(en.statusCode).toBe(200);
      expect(en.json()).toEqual(BUSY_EN);

      // Other members' calls do not go through the bulkhead.
      for (const [name, form] of [
        ["walletList", { credit_type: "usdt" }],
        ["my", undefined],
      ] as const) {
        const res = await post(app, name, { headers: token(BYSTANDER), ...(form ? { form } : {}) });
        expect(res.json(), name).toMatchObject({ code: 0 });
      }
    });
  });

  it("runs the one queued team call once the held call answers, and refuses the one past the queue", async () => {
    let answers!: Promise<LightMyRequestResponse[]>;
    await whileHeld({ inFlight: 1, queued: 1, waitMs: 60_000, yieldMs: 0 }, async (app) => {
      const sent = [1, 2].map(() => post(app, "teamInfo", { headers: { ...token(HEAD), lang: "en" } }));
      answers = Promise.all(sent);
      // The queued one cannot answer before the held call is let go: the first answer is the refusal.
      expect((await Promise.race(sent)).json()).toEqual(BUSY_EN);
    });
    const bodies = (await answers).map((answer) => answer.json());
    expect(bodies).toContainEqual(BUSY_EN);
    expect(bodies).toContainEqual(
      expect.objectContaining({ code: 0, data: expect.objectContaining({ teamCount: 2 }) }),
    );
  });

  it("starts a team call once another member's call in flight has answered, and at once when none is", async () => {
    const teamStarted: string[] = [];
    const { app, send, holding, release } = withHeldOrdinaryCall(async ({ session }) => {
      teamStarted.push(session!.address);
      return "team";
    });
    try {
      const held = send("walletList", BYSTANDER);
      await holding.promise;
      const team = send("teamInfo", HEAD);
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(teamStarted).toEqual([]);

      release.resolve();
      expect((await held).json()).toMatchObject({ code: 0, data: "ordinary" });
      expect((await team).json()).toMatchObject({ code: 0, data: "team" });
      // nothing in flight now: the next one starts at once (a 60 s yield would time the test out)
      expect((await send("teamInfo", MEMBER)).json()).toMatchObject({ code: 0, data: "team" });
      expect(teamStarted).toEqual([HEAD, MEMBER]);
    } finally {
      release.resolve();
      await app.close();
    }
  });

  it("holds a running team call's next statement while another member's call, arrived meanwhile, is in flight", async () => {
    const between = deferred();
    const next = deferred();
    const steps: string[] = [];
    const { app, send, holding, release } = withHeldOrdinaryCall(
      async ({ db }) => {
        await db.query("SELECT 1");
        steps.push("first statement");
        between.resolve();
        await next.promise;
        await db.query("SELECT 2");
        steps.push("second statement");
        return "team";
      },
      () => steps.push("ordinary call"),
    );
    try {
      const team = send("teamInfo", HEAD);
      await between.promise;
      const ordinary = send("walletList", BYSTANDER);
      await holding.promise;
      next.resolve();
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(steps).toEqual(["first statement", "ordinary call"]);

      release.resolve();
      expect((await ordinary).json()).toMatchObject({ code: 0, data: "ordinary" });
      expect((await team).json()).toMatchObject({ code: 0, data: "team" });
      expect(steps).toEqual(["first statement", "ordinary call", "second statement"]);
    } finally {
      next.resolve();
      release.resolve();
      await app.close();
    }
  });

  it("drops a queued team call whose client hung up: its query never runs", async () => {
    const release = deferred();
    const holding = deferred();
    const teamStarted: string[] = [];
    const app = buildApp({
      db,
      verifySession: addressTokens,
      bulkhead: { inFlight: 1, queued: 5, waitMs: 60_000, yieldMs: 0 },
    });
    const teamInfo = defineRoute({
      name: "teamInfo",
      auth: true,
      bulkhead: "team",
      handler: async ({ session }) => {
        teamStarted.push(session!.address);
        if (session!.address === MEMBER) {
          holding.resolve();
          await release.promise;
        }
        return "team";
      },
    });
    app.register(async (child) => teamInfo.register(child), { prefix: TEST_PREFIX });
    // The server's side of the hung-up call: it is queued once its handler ran, gone once its socket closed.
    const queued = deferred();
    const closed = deferred();
    app.addHook("preHandler", async (request) => {
      if (request.headers.token !== HEAD) return;
      request.socket.once("close", () => closed.resolve());
      setImmediate(() => queued.resolve());
    });
    try {
      const held = post(app, "teamInfo", { prefix: TEST_PREFIX, headers: token(MEMBER) });
      await holding.promise;
      const port = ((await app.listen({ port: 0, host: "127.0.0.1" }), app.server.address()) as AddressInfo)
        .port;
      const hungUp = request({
        host: "127.0.0.1",
        port,
        path: `${TEST_PREFIX}/teamInfo`,
        method: "POST",
        headers: token(HEAD),
      });
      hungUp.on("error", () => {}); // the client's own side of hanging up
      hungUp.end();
      await queued.promise;
      expect(app.bulkheads.team.load).toEqual({ running: 1, waiting: 1 });
      hungUp.destroy();
      await closed.promise;

      release.resolve();
      expect((await held).json()).toMatchObject({ code: 0, data: "team" });
      // The turns go in arrival order: once the next caller's call has run, the hung-up one had its turn.
      expect(
        (await post(app, "teamInfo", { prefix: TEST_PREFIX, headers: token(BYSTANDER) })).json(),
      ).toMatchObject({ code: 0, data: "team" });
      expect(teamStarted).toEqual([MEMBER, BYSTANDER]);
      expect(app.bulkheads.team.load).toEqual({ running: 0, waiting: 0 });
    } finally {
      release.resolve();
      await app.close();
    }
  });

  it("answers a registration past the registrations' bulkhead 4800 busy, registers nothing, and one with a turn", async () => {
    const app = buildApp({
      db,
      verifySession: addressTokens,
      registrationBulkhead: { inFlight: 1, queued: 0, waitMs: 60_000, yieldMs: 0 },
    });
    const newcomer = addressOf(50);
    const register = () =>
      post(app, "register", {
        headers: { ...token(newcomer), lang: "en" },
        form: { username: "newcomer", recommend: MEMBER },
      });
    const members = async () =>
      (await db.query("SELECT 1 FROM members WHERE address = $1", [newcomer])).rows.length;
    const release = deferred();
    const held = app.bulkheads.registration.run(() => release.promise);
    try {
      const refused = await register();
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toEqual(BUSY_EN);
      expect(await members()).toBe(0);

      release.resolve();
      await held;
      expect((await register()).json()).toMatchObject({
        code: 0,
        data: { address: newcomer, recommend: MEMBER },
      });
      expect(await members()).toBe(1);
    } finally {
      release.resolve();
      await app.close();
    }
  });

  it("answers a queued team call 4800 busy once it has waited waitMs, never a 5xx", async () => {
    await whileHeld({ inFlight: 1, queued: 5, waitMs: 100, yieldMs: 0 }, async (app) => {
      const queued = await post(app, "teamInfo", { headers: { ...token(HEAD), lang: "en" } });
      expect(queued.statusCode).toBe(200);
      expect(queued.json()).toEqual(BUSY_EN);
    });
  });
});

/** Statements waiting for a lock on `team_totals`, each holding its connection. */
async function waitingOnLock(observer: Db): Promise<number> {
  const { rows } = await observer.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_locks WHERE relation = 'team_totals'::regclass AND NOT granted",
  );
  return rows[0]!.n;
}

// A statement blocked on a lock holds its pooled connection: without the bulkhead, ten team calls
// stuck that way hold nine or ten of the pool's ten connections (measured: nine waiting on the lock),
// and the bystander's statements share what is left; ten registrations likewise (each updates its
// uplines' totals). PGlite has one connection and runs one
// transaction at a time, so there is no lock to wait on: PostgreSQL only.
describe.skipIf(!POSTGRES_URL)(`team calls and registrations stuck on a lock ${NEEDS_POSTGRES}`, () => {
  let db: Db;
  /** The test's own connections to the same database: the lock and the look at who waits on it. */
  let observer: Db;
  let drop: () => Promise<void>;
  let app: FastifyInstance;
  beforeAll(async () => {
    const database = await createTestDatabase();
    drop = database.drop;
    // The statement timeout also bounds the wait for a connection: a bystander left without one is
    // answered 4800 after 2 s instead of waiting.
    db = await createDb(database.config, { statementTimeoutMs: 2_000 });
    await migrate(db);
    await seedTree(db);
    observer = await createDb(database.config);
    const bulkhead: BulkheadOptions = { inFlight: 1, queued: 50, waitMs: 10_000, yieldMs: 0 };
    // Without the rate limit's statement, each call's first statement is its team query.
    app = buildApp({ db, verifySession: addressTokens, bulkhead, rateLimit: false });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await db.close();
    await observer.close();
    await drop();
  });

  /** Runs `body` while the test holds an exclusive lock on `team_totals`; `unlock()` lets it go. */
  async function whileTeamTotalsLocked(body: (unlock: () => Promise<void>) => Promise<void>) {
    const locked = deferred();
    const release = deferred();
    const lock = observer.transaction(async (tx) => {
      await tx.exec("LOCK TABLE team_totals IN ACCESS EXCLUSIVE MODE");
      locked.resolve();
      await release.promise;
    });
    const unlock = async () => {
      release.resolve();
      await lock;
    };
    try {
      await locked.promise;
      await body(unlock);
    } finally {
      await unlock();
    }
  }

  const bystanderWallet = () =>
    post(app, "walletList", { headers: token(BYSTANDER), form: { credit_type: "usdt" } });

  it("a bystander is answered while ten team calls wait on a lock, and they all answer after", async () => {
    await whileTeamTotalsLocked(async (unlock) => {
      const team = Array.from({ length: 10 }, () => post(app, "teamInfo", { headers: token(HEAD) }));
      await vi.waitFor(async () => expect(await waitingOnLock(observer)).toBeGreaterThan(0));
      expect((await bystanderWallet()).json()).toMatchObject({ code: 0, data: { total: 0 } });
      // One team call holds a connection; the other nine wait in the bulkhead, holding none.
      expect(await waitingOnLock(observer)).toBe(1);
      await unlock();
      for (const answer of await Promise.all(team)) {
        expect(answer.json()).toMatchObject({ code: 0, data: { directCount: 2, teamCount: 2 } });
      }
    });
  });

  it("a bystander is answered while ten registrations wait on a lock, and they all register after", async () => {
    await whileTeamTotalsLocked(async (unlock) => {
      const registered = Array.from({ length: 10 }, (_, i) =>
        post(app, "register", {
          headers: token(addressOf(100 + i)),
          form: { username: `r${i}`, recommend: MEMBER },
        }),
      );
      await vi.waitFor(async () => expect(await waitingOnLock(observer)).toBe(2));
      expect((await bystanderWallet()).json()).toMatchObject({ code: 0, data: { total: 0 } });
      // Two registrations hold a connection each; the other eight wait in the bulkhead, holding none.
      expect(await waitingOnLock(observer)).toBe(2);
      await unlock();
      for (const answer of await Promise.all(registered)) expect(answer.json()).toMatchObject({ code: 0 });
      const { rows } = await db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM members WHERE recommend = $1",
        [MEMBER],
      );
      expect(rows[0]!.n).toBe(10);
    });
  });
});

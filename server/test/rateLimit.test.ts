/**
 * The per-IP and per-token rate limit (src/plugins/rateLimit.ts) against clients that vary what they
 * control: their IPv6 interface address, the IPv4-mapped form of their address, the `token` header.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { clientKey, countHits, HitCounter, pruneHits } from "../src/plugins/rateLimit.ts";
import { createTestDb, TEST_WINDOW_MS } from "./helpers.ts";

let db: Db;

beforeAll(async () => {
  db = await createTestDb();
});

afterAll(async () => {
  await db.close();
});

type Client = { ip: string; token?: string; forwardedFor?: string; lang?: string };

/** One `home` request from `client` (a `token` of "" is sent as an empty header). */
const request = (app: FastifyInstance, { ip, token, forwardedFor, lang }: Client) =>
  app.inject({
    method: "POST",
    url: "/api/api/invest/home",
    remoteAddress: ip,
    headers: {
      ...(token !== undefined ? { token } : {}),
      ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}),
      ...(lang ? { lang } : {}),
    },
  });

async function statuses(app: FastifyInstance, requests: Client[]): Promise<number[]> {
  const codes: number[] = [];
  for (const client of requests) codes.push((await request(app, client)).statusCode);
  return codes;
}

describe("rate limit keys", () => {
  it("counts one IPv6 /64 as one client: rotating the interface address does not reset the budget", async () => {
    const app = buildApp({ db, rateLimit: { perIp: 3, perToken: 100, windowMs: TEST_WINDOW_MS } });
    try {
      const rotating = [
        "2001:db8:1:2::1",
        "2001:db8:1:2::2",
        "2001:db8:1:2:ffff::3",
        "2001:db8:1:2:aaaa:bbbb:cccc:dddd",
      ];
      expect(
        await statuses(
          app,
          rotating.map((ip) => ({ ip })),
        ),
      ).toEqual([200, 200, 200, 429]);
      // Another /64 is another client.
      expect(await statuses(app, [{ ip: "2001:db8:1:3::1" }])).toEqual([200]);
    } finally {
      await app.close();
    }
  });

  it("counts an IPv4 client and its IPv4-mapped IPv6 form as one", async () => {
    const app = buildApp({ db, rateLimit: { perIp: 2, perToken: 100, windowMs: TEST_WINDOW_MS } });
    try {
      expect(
        await statuses(app, [
          { ip: "198.51.100.7" },
          { ip: "::ffff:198.51.100.7" },
          { ip: "::FFFF:198.51.100.7" },
        ]),
      ).toEqual([200, 200, 429]);
      expect(await statuses(app, [{ ip: "198.51.100.8" }])).toEqual([200]);
    } finally {
      await app.close();
    }
  });

  it("does not spend a token's budget on requests already refused for their IP", async () => {
    const app = buildApp({ db, rateLimit: { perIp: 1, perToken: 2, windowMs: TEST_WINDOW_MS } });
    try {
      const flood = Array.from({ length: 5 }, () => ({ ip: "203.0.113.1", token: "t" }));
      expect(await statuses(app, flood)).toEqual([200, 429, 429, 429, 429]);
      // Only the one request let through counted against the token.
      expect(await statuses(app, [{ ip: "203.0.113.2", token: "t" }])).toEqual([200]);
      expect(await statuses(app, [{ ip: "203.0.113.3", token: "t" }])).toEqual([429]);
    } finally {
      await app.close();
    }
  });

  it("refuses with 429 {code, msg} in the caller's language", async () => {
    const app = buildApp({ db, rateLimit: { perIp: 1, perToken: 100, windowMs: TEST_WINDOW_MS } });
    try {
      expect(await statuses(app, [{ ip: "203.0.113.20" }])).toEqual([200]);
      const refused = await request(app, { ip: "203.0.113.20", lang: "en" });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 429, msg: "Too many requests, please try again later" });
    } finally {
      await app.close();
    }
  });

  it("gives each token its own budget, and counts no budget for an empty token header", async () => {
    const app = buildApp({ db, rateLimit: { perIp: 100, perToken: 1, windowMs: TEST_WINDOW_MS } });
    try {
      expect(
        await statuses(app, [
          { ip: "203.0.113.30", token: "first" },
          { ip: "203.0.113.31", token: "second" },
          { ip: "203.0.113.32", token: "first" },
        ]),
      ).toEqual([200, 200, 429]);
      expect(
        await statuses(app, [
          { ip: "203.0.113.33", token: "" },
          { ip: "203.0.113.34", token: "" },
        ]),
      ).toEqual([200, 200]);
    } finally {
      await app.close();
    }
  });

  it("0 turns a limit off (RATE_LIMIT_PER_MINUTE=0), and health probes are never counted", async () => {
    const ipOff = buildApp({ db, rateLimit: { perIp: 0, perToken: 1, windowMs: TEST_WINDOW_MS } });
    const tokenOff = buildApp({ db, rateLimit: { perIp: 1, perToken: 0, windowMs: TEST_WINDOW_MS } });
    try {
      const sameIp = Array.from({ length: 3 }, (_, i) => ({ ip: "203.0.113.40", token: `t${i}` }));
      expect(await statuses(ipOff, sameIp)).toEqual([200, 200, 200]);
      const sameToken = Array.from({ length: 3 }, (_, i) => ({ ip: `203.0.113.${41 + i}`, token: "t" }));
      expect(await statuses(tokenOff, sameToken)).toEqual([200, 200, 200]);
      const probes = await Promise.all(
        Array.from({ length: 3 }, () =>
          tokenOff.inject({ method: "GET", url: "/health", remoteAddress: "203.0.113.50" }),
        ),
      );
      expect(probes.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    } finally {
      await ipOff.close();
      await tokenOff.close();
    }
  });

  it("behind a trusted load balancer counts each client apart, and believes X-Forwarded-For from it only", async () => {
    const app = buildApp({
      db,
      trustProxy: ["192.0.2.10"],
      rateLimit: { perIp: 2, perToken: 100, windowMs: TEST_WINDOW_MS },
    });
    try {
      const viaBalancer = (client: string) => ({ ip: "192.0.2.10", forwardedFor: client });
      expect(
        await statuses(
          app,
          [1, 2, 3].map(() => viaBalancer("198.51.100.20")),
        ),
      ).toEqual([200, 200, 429]);
      // Another client behind the same balancer has a budget of its own.
      expect(await statuses(app, [viaBalancer("198.51.100.21")])).toEqual([200]);
      // A client reaching the API directly cannot pick its key by sending the header itself.
      const direct = ["198.51.100.31", "198.51.100.32", "198.51.100.33"].map((forwardedFor) => ({
        ip: "203.0.113.50",
        forwardedFor,
      }));
      expect(await statuses(app, direct)).toEqual([200, 200, 429]);
    } finally {
      await app.close();
    }
  });

  it("counts in the database: two API instances on it share one budget per client", async () => {
    const limit = { perIp: 4, perToken: 100, windowMs: TEST_WINDOW_MS };
    const [first, second] = [buildApp({ db, rateLimit: limit }), buildApp({ db, rateLimit: limit })];
    try {
      const client = { ip: "198.51.100.40" };
      const codes: number[] = [];
      // Alternating instances, as a load balancer spreads one client's requests.
      for (let i = 0; i < 6; i++) codes.push(...(await statuses(i % 2 === 0 ? first : second, [client])));
      expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("gives a fresh budget in the next window and prunes the windows that ended", async () => {
    const app = buildApp({ db, rateLimit: { perIp: 1, perToken: 100, windowMs: TEST_WINDOW_MS } });
    const client = { ip: "198.51.100.41" };
    const rows = async () =>
      (await db.query<{ key: string }>("SELECT key FROM rate_limit_hits WHERE key = $1", [`ip:${client.ip}`]))
        .rows.length;
    try {
      expect(await statuses(app, [client, client])).toEqual([200, 429]);
      // The window ends (its counts now belong to the previous one).
      await db.query("UPDATE rate_limit_hits SET window_index = window_index - 1 WHERE key = $1", [
        `ip:${client.ip}`,
      ]);
      expect(await statuses(app, [client, client])).toEqual([200, 429]);
      expect(await rows()).toBe(2);
      await pruneHits(db, TEST_WINDOW_MS);
      expect(await rows()).toBe(1);
      expect(await statuses(app, [client])).toEqual([429]);
    } finally {
      await app.close();
    }
  });

  it("counts a batch in one statement as if its requests had come one by one", async () => {
    const perIp = 2;
    const first = await countHits(
      db,
      TEST_WINDOW_MS,
      [
        { ip: "ip:batch-a", token: "token:batch-t" },
        { ip: "ip:batch-a", token: "token:batch-t" },
        { ip: "ip:batch-a", token: "token:batch-t" }, // over perIp: not counted against its token
        { ip: "ip:batch-b", token: "token:batch-t" },
        { ip: null, token: "token:batch-t" },
        { ip: "ip:batch-c", token: null },
      ],
      perIp,
    );
    expect(first).toEqual([
      { ip: 1, token: 1 },
      { ip: 2, token: 2 },
      { ip: 3, token: null },
      { ip: 1, token: 3 },
      { ip: null, token: 4 },
      { ip: 1, token: null },
    ]);
    // The next batch goes on from the counts the first left.
    const second = await countHits(
      db,
      TEST_WINDOW_MS,
      [
        { ip: "ip:batch-b", token: "token:batch-t" },
        { ip: "ip:batch-a", token: "token:batch-t" },
      ],
      perIp,
    );
    expect(second).toEqual([
      { ip: 2, token: 5 },
      { ip: 4, token: null },
    ]);
  });

  it("sends one counting statement at a time per process, however many requests come at once", async () => {
    let inFlight = 0;
    let mostInFlight = 0;
    let statements = 0;
    // The app's database, watched: how many rate-limit statements run at once.
    const watched: Db = {
      ...db,
      query: async (sql, params) => {
        if (!sql.includes("rate_limit_hits")) return db.query(sql, params);
        statements += 1;
        mostInFlight = Math.max(mostInFlight, ++inFlight);
        try {
          return await db.query(sql, params);
        } finally {
          inFlight -= 1;
        }
      },
    };
    const app = buildApp({ db: watched, rateLimit: { perIp: 10, perToken: 100, windowMs: TEST_WINDOW_MS } });
    try {
      const burst = await Promise.all(
        Array.from({ length: 40 }, () => request(app, { ip: "198.51.100.60" })),
      );
      const codes = burst.map((res) => res.statusCode);
      expect(codes.filter((code) => code === 200)).toHaveLength(10);
      expect(codes.filter((code) => code === 429)).toHaveLength(30);
      expect(mostInFlight).toBe(1);
      expect(statements).toBeLessThan(40);
    } finally {
      await app.close();
    }
  });

  it("gives exact counts when two instances count batches of the same clients at once", async () => {
    const limit = 1_000_000;
    const [first, second] = [
      new HitCounter(db, TEST_WINDOW_MS, limit),
      new HitCounter(db, TEST_WINDOW_MS, limit),
    ];
    const keys = ["ip:both-a", "ip:both-b", "ip:both-c"].map((ip, i) => ({ ip, token: `token:both-${i}` }));
    const counted: Promise<number | null>[] = [];
    for (let round = 0; round < 20; round++) {
      // Each round joins the batch each instance counts next: one in key order, one reversed.
      for (const k of keys) counted.push(first.count(k).then((hits) => hits.ip));
      for (const k of keys.toReversed()) counted.push(second.count(k).then((hits) => hits.ip));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const counts = await Promise.all(counted);
    // 40 requests per client: each count from 1 to 40 given out once, and the row holds 40.
    expect(counts.toSorted((a, b) => a! - b!)).toEqual(
      Array.from({ length: 40 }, (_, i) => [i + 1, i + 1, i + 1]).flat(),
    );
    for (const { ip } of keys) {
      const { rows } = await db.query<{ hits: number }>("SELECT hits FROM rate_limit_hits WHERE key = $1", [
        ip,
      ]);
      expect(rows[0]!.hits).toBe(40);
    }
  });

  it("keys addresses as expected", () => {
    expect(clientKey("127.0.0.1")).toBe("127.0.0.1");
    expect(clientKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(clientKey("::1")).toBe("0:0:0:0/64");
    expect(clientKey("2001:DB8::1")).toBe("2001:db8:0:0/64");
    expect(clientKey("2001:db8:0:0:1::")).toBe("2001:db8:0:0/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0/64");
    // the gap counted from both sides, an IPv4 tail as two groups, a mapped form only at the start
    expect(clientKey("2001::2:3:4:5:6:7")).toBe("2001:0:2:3/64");
    expect(clientKey("2001::3:4:5:6:1.2.3.4")).toBe("2001:0:3:4/64");
    expect(clientKey("1::ffff:1.2.3.4")).toBe("1:0:0:0/64");
    expect(clientKey("not an ip")).toBe("not an ip");
  });
});

/**
 * The per-IP and per-token rate limit (src/plugins/rateLimit.ts) against clients that vary what they
 * control: their IPv6 interface address, the IPv4-mapped form of their address, the `token` header.
 */
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { clientKey, pruneHits } from "../src/plugins/rateLimit.ts";
import { createTestDb, TEST_WINDOW_MS } from "./helpers.ts";

let db: Db;

beforeAll(async () => {
  db = await createTestDb();
});

afterAll(async () => {
  await db.close();
});

type Client = { ip: string; token?: string; forwardedFor?: string };

async function statuses(app: FastifyInstance, requests: Client[]): Promise<number[]> {
  const codes: number[] = [];
  for (const { ip, token, forwardedFor } of requests) {
    const res = await app.inject({
      method: "POST",
      url: "/api/api/invest/home",
      remoteAddress: ip,
      headers: { ...(token ? { token } : {}), ...(forwardedFor ? { "x-forwarded-for": forwardedFor } : {}) },
    });
    codes.push(res.statusCode);
  }
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

  it("keys addresses as expected", () => {
    expect(clientKey("127.0.0.1")).toBe("127.0.0.1");
    expect(clientKey("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(clientKey("::1")).toBe("0:0:0:0/64");
    expect(clientKey("2001:DB8::1")).toBe("2001:db8:0:0/64");
    expect(clientKey("2001:db8:0:0:1::")).toBe("2001:db8:0:0/64");
    expect(clientKey("fe80::1%eth0")).toBe("fe80:0:0:0/64");
    expect(clientKey("not an ip")).toBe("not an ip");
  });
});

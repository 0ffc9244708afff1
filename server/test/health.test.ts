/** `GET /health` and `GET /ready` (src/routes/health.ts): what a load balancer polls. */
import { describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { createTestDb, TEST_WINDOW_MS } from "./helpers.ts";

describe("health and readiness probes", () => {
  it("are up while the database answers, and /ready says 503 once it does not", async () => {
    const db = await createTestDb();
    const app = buildApp({ db });
    let closed = false;
    try {
      const health = await app.inject({ method: "GET", url: "/health" });
      expect([health.statusCode, health.json()]).toEqual([
        200,
        { code: 0, msg: "ok", data: { status: "ok" } },
      ]);
      const ready = await app.inject({ method: "GET", url: "/ready" });
      expect([ready.statusCode, ready.json()]).toEqual([
        200,
        { code: 0, msg: "ok", data: { status: "ready" } },
      ]);

      await db.close();
      closed = true;
      const down = await app.inject({ method: "GET", url: "/ready" });
      expect([down.statusCode, down.json()]).toEqual([
        503,
        { code: 503, msg: "database unreachable", data: null },
      ]);
      // The process itself still answers: a balancer takes it out of rotation, nothing restarts it.
      expect((await app.inject({ method: "GET", url: "/health" })).statusCode).toBe(200);
    } finally {
      await app.close();
      if (!closed) await db.close();
    }
  });

  it("are not rate limited, and do not spend a client's budget", async () => {
    const db = await createTestDb();
    const app = buildApp({ db, rateLimit: { perIp: 1, perToken: 1, windowMs: TEST_WINDOW_MS } });
    try {
      const probes = [];
      for (let i = 0; i < 5; i++) {
        probes.push((await app.inject({ method: "GET", url: i % 2 ? "/ready" : "/health" })).statusCode);
      }
      expect(probes).toEqual([200, 200, 200, 200, 200]);
      const home = () => app.inject({ method: "POST", url: "/api/api/invest/home" });
      expect([(await home()).statusCode, (await home()).statusCode]).toEqual([200, 429]);
    } finally {
      await app.close();
      await db.close();
    }
  });
});

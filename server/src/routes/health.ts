/**
 * Probes for load balancers and orchestrators, outside the legacy `/api/api/invest/*` namespace:
 * `GET /health` (liveness: the process answers) and `GET /ready` (readiness: it can reach its database
 * too; HTTP 503 when it cannot). Neither is rate limited nor logged per request: balancers poll them
 * every few seconds.
 */
import type { FastifyInstance } from "fastify";
import { CODE } from "../lib/api.ts";

export function healthRoutes(app: FastifyInstance): void {
  const probe = { logLevel: "warn", config: { rateLimited: false } } as const;
  app.get("/health", probe, async () => ({ code: CODE.ok, msg: "ok", data: { status: "ok" } }));
  app.get("/ready", probe, async (request, reply) => {
    try {
      await app.db.query("SELECT 1");
      return { code: CODE.ok, msg: "ok", data: { status: "ready" } };
    } catch (error) {
      request.log.warn({ err: error }, "not ready: database unreachable");
      return reply.code(503).send({ code: CODE.unavailable, msg: "database unreachable", data: null });
    }
  });
}

/**
 * A small in-memory fixed-window rate limit, per client IP and per `token` header (each counted
 * separately). Over the limit: HTTP 429 `{ code: 429, msg }`. Per process: behind several API
 * instances each one counts on its own (see docs/server.md).
 */
import { createHash } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { resolveLang, t } from "../i18n/messages.ts";
import { CODE } from "../lib/api.ts";

export type RateLimitOptions = { perIp: number; perToken: number; windowMs: number };

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { perIp: 120, perToken: 120, windowMs: 60_000 };

export function createWindowCounter(limit: number, windowMs: number, now: () => number = Date.now) {
  let windowStart = now();
  let counts = new Map<string, number>();
  return (key: string): boolean => {
    const time = now();
    if (time - windowStart >= windowMs) {
      // Dropping the whole map each window keeps memory bounded by one window's clients.
      windowStart = time;
      counts = new Map();
    }
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return count <= limit;
  };
}

export function installRateLimit(app: FastifyInstance, options: RateLimitOptions): void {
  const byIp = createWindowCounter(options.perIp, options.windowMs);
  const byToken = createWindowCounter(options.perToken, options.windowMs);
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    const token = request.headers.token;
    const tokenKey =
      typeof token === "string" && token !== ""
        ? createHash("sha256").update(token).digest("hex").slice(0, 32)
        : null;
    const ipOk = options.perIp <= 0 || byIp(request.ip);
    const tokenOk = tokenKey === null || options.perToken <= 0 || byToken(tokenKey);
    if (ipOk && tokenOk) return;
    request.log.warn({ ip: request.ip, byToken: !tokenOk }, "rate limited");
    const lang = resolveLang(request.headers.lang);
    return reply.code(429).send({ code: CODE.tooManyRequests, msg: t(lang, "tooManyRequests"), data: null });
  });
}

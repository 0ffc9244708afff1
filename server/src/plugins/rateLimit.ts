/**
 * A small in-memory fixed-window rate limit, per client IP and per `token` header (each counted
 * separately). Over the limit: HTTP 429 `{ code: 429, msg }`. Per process: behind several API
 * instances each one counts on its own (see docs/server.md).
 */
import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
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

/**
 * The client an IP counts as: an IPv4 address (also when written IPv4-mapped, `::ffff:a.b.c.d`), or
 * the /64 prefix of an IPv6 address, since one subscriber holds a whole /64 and could otherwise rotate
 * through fresh addresses for a fresh budget each.
 */
export function clientKey(ip: string): string {
  const bare = ip.split("%")[0] ?? ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(bare);
  if (mapped) return mapped[1]!;
  if (!isIPv6(bare)) return ip;
  const [head = "", tail = ""] = bare.toLowerCase().split("::");
  const headGroups = head === "" ? [] : head.split(":");
  const tailGroups = tail === "" ? [] : tail.split(":");
  // An embedded IPv4 tail (`::1.2.3.4`) stands for two groups.
  const tailSize = tailGroups.reduce((size, group) => size + (group.includes(".") ? 2 : 1), 0);
  const zeros = bare.includes("::") ? 8 - headGroups.length - tailSize : 0;
  const groups = [...headGroups, ...Array<string>(zeros).fill("0"), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(":")}/64`;
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
    const ipOk = options.perIp <= 0 || byIp(clientKey(request.ip));
    // A request refused for its IP is not counted against its token (nor adds a key to that map).
    const tokenOk = !ipOk || tokenKey === null || options.perToken <= 0 || byToken(tokenKey);
    if (ipOk && tokenOk) return;
    request.log.warn({ ip: request.ip, byToken: !tokenOk }, "rate limited");
    const lang = resolveLang(request.headers.lang);
    return reply.code(429).send({ code: CODE.tooManyRequests, msg: t(lang, "tooManyRequests"), data: null });
  });
}

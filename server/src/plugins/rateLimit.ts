/**
 * A fixed-window rate limit per client IP and per `token` header (each counted apart), kept in the
 * database (`rate_limit_hits`) so that every API instance on one database counts against the same
 * budget. Windows follow the database's clock, one clock for every instance. Over the limit: HTTP 429
 * `{ code: 429, msg }`.
 */
import { createHash } from "node:crypto";
import { isIPv6 } from "node:net";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Queryable } from "../db/index.ts";
import { resolveLang, t } from "../i18n/messages.ts";
import { CODE } from "../lib/api.ts";

declare module "fastify" {
  interface FastifyContextConfig {
    /** `false`: requests to this route are neither counted nor refused (health probes). */
    rateLimited?: boolean;
  }
}

export type RateLimitOptions = { perIp: number; perToken: number; windowMs: number };

export const DEFAULT_RATE_LIMIT: RateLimitOptions = { perIp: 120, perToken: 120, windowMs: 60_000 };

/** The index of the window the database's clock is in now; `$1` is the window length in ms. */
const CURRENT_WINDOW = "floor(extract(epoch FROM clock_timestamp()) * 1000 / $1::bigint)::bigint";

/** Counts one request of `key` in the current window; returns the window's count including it. */
export async function countHit(db: Queryable, key: string, windowMs: number): Promise<number> {
  const { rows } = await db.query<{ hits: number }>(
    `INSERT INTO rate_limit_hits (key, window_index, hits) VALUES ($2, ${CURRENT_WINDOW}, 1)
     ON CONFLICT (key, window_index) DO UPDATE SET hits = rate_limit_hits.hits + 1
     RETURNING hits`,
    [windowMs, key],
  );
  return Number(rows[0]!.hits);
}

/** Deletes the counts of windows that have ended. */
export async function pruneHits(db: Queryable, windowMs: number): Promise<void> {
  await db.query(`DELETE FROM rate_limit_hits WHERE window_index < ${CURRENT_WINDOW}`, [windowMs]);
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
  const { perIp, perToken, windowMs } = options;
  app.addHook("onRequest", async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.rateLimited === false) return;
    const token = request.headers.token;
    const tokenKey =
      typeof token === "string" && token !== ""
        ? createHash("sha256").update(token).digest("hex").slice(0, 32)
        : null;
    const ipOk = perIp <= 0 || (await countHit(app.db, `ip:${clientKey(request.ip)}`, windowMs)) <= perIp;
    // A request refused for its IP is not counted against its token.
    const tokenOk =
      !ipOk ||
      tokenKey === null ||
      perToken <= 0 ||
      (await countHit(app.db, `token:${tokenKey}`, windowMs)) <= perToken;
    if (ipOk && tokenOk) return;
    request.log.warn({ ip: request.ip, byToken: !tokenOk }, "rate limited");
    const lang = resolveLang(request.headers.lang);
    return reply.code(429).send({ code: CODE.tooManyRequests, msg: t(lang, "tooManyRequests"), data: null });
  });
  // Every instance prunes once a window; a few deletes a minute whatever the traffic.
  const timer = setInterval(() => {
    pruneHits(app.db, windowMs).catch((error: unknown) =>
      app.log.warn({ err: error }, "rate limit: pruning ended windows failed"),
    );
  }, windowMs);
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}

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

/**
 * Adds one to the current window's count of the key in `keyParam` (a new row starts at 1), unless that
 * key is null or `condition` fails; returns the count.
 */
function upsertHit(keyParam: string, condition = "true"): string {
  return `INSERT INTO rate_limit_hits (key, window_index, hits)
    SELECT ${keyParam}::text, n, 1 FROM now_window WHERE ${keyParam}::text IS NOT NULL AND ${condition}
    ON CONFLICT (key, window_index) DO UPDATE SET hits = rate_limit_hits.hits + 1
    RETURNING hits`;
}

/** The client's count ($2), then, unless it is over $4, the token's ($3); $1 is the window length. */
const COUNT_HITS = `WITH now_window AS (SELECT ${CURRENT_WINDOW} AS n),
  ip AS (${upsertHit("$2")}),
  token AS (${upsertHit("$3", "coalesce((SELECT hits FROM ip) <= $4, true)")})
  SELECT (SELECT hits FROM ip) AS ip, (SELECT hits FROM token) AS token`;

/**
 * Counts one request in the current window, in one round trip: against its client's key, then, unless
 * that refused it (over `perIp`), against its token's key. A `null` key is not counted. Returns the
 * counts including this request (`null`: not counted).
 */
export async function countHits(
  db: Queryable,
  windowMs: number,
  keys: { ip: string | null; token: string | null },
  perIp: number,
): Promise<{ ip: number | null; token: number | null }> {
  const { rows } = await db.query<{ ip: number | null; token: number | null }>(COUNT_HITS, [
    windowMs,
    keys.ip,
    keys.token,
    perIp,
  ]);
  const { ip, token } = rows[0]!;
  return { ip: ip === null ? null : Number(ip), token: token === null ? null : Number(token) };
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
    const keys = {
      ip: perIp > 0 ? `ip:${clientKey(request.ip)}` : null,
      token:
        perToken > 0 && typeof token === "string" && token !== ""
          ? `token:${createHash("sha256").update(token).digest("hex").slice(0, 32)}`
          : null,
    };
    if (keys.ip === null && keys.token === null) return;
    // A request refused for its IP is not counted against its token.
    const hits = await countHits(app.db, windowMs, keys, perIp);
    const ipOk = hits.ip === null || hits.ip <= perIp;
    const tokenOk = hits.token === null || hits.token <= perToken;
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

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

/** One request's keys (`null`: not counted for that key). */
export type HitKeys = { ip: string | null; token: string | null };
/** One request's counts in its window, itself included (`null`: not counted). */
export type Hits = { ip: number | null; token: number | null };

/**
 * Adds each key's requests of the batch (`requests`: a relation with one `key` row per request) to its
 * count in the current window (a new row starts at them), in key order, so that two instances' batches
 * lock shared rows in one order and cannot deadlock; returns each key's count after them.
 */
function upsertCounts(requests: string): string {
  return `INSERT INTO rate_limit_hits (key, window_index, hits)
    SELECT key, (SELECT n FROM now_window), count(*) FROM ${requests} GROUP BY key ORDER BY key
    ON CONFLICT (key, window_index) DO UPDATE SET hits = rate_limit_hits.hits + EXCLUDED.hits
    RETURNING key, hits`;
}

/**
 * A batch of requests in arrival order ($2: client keys, $3: token keys, $4: perIp), counted in one
 * statement: each against its client's key, then, unless that refused it (over $4), against its token's.
 * The k-th request of a key in the batch gets the count the key had before the batch plus k, as if the
 * requests had been counted one by one.
 */
const COUNT_BATCH = `WITH now_window AS (SELECT ${CURRENT_WINDOW} AS n),
  request AS (SELECT ord, ip, token FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS r(ip, token, ord)),
  ip_request AS (
    SELECT ord, ip AS key, row_number() OVER (PARTITION BY ip ORDER BY ord) AS rank,
           count(*) OVER (PARTITION BY ip) AS size
      FROM request WHERE ip IS NOT NULL),
  ip_total AS (${upsertCounts("ip_request")}),
  ip_count AS (
    SELECT r.ord, t.hits - r.size + r.rank AS hits FROM ip_request r JOIN ip_total t ON t.key = r.key),
  token_request AS (
    SELECT r.ord, r.token AS key, row_number() OVER (PARTITION BY r.token ORDER BY r.ord) AS rank,
           count(*) OVER (PARTITION BY r.token) AS size
      FROM request r LEFT JOIN ip_count i ON i.ord = r.ord
     WHERE r.token IS NOT NULL AND coalesce(i.hits <= $4, true)),
  token_total AS (${upsertCounts("token_request")})
  SELECT i.hits AS ip, t.hits - r.size + r.rank AS token
    FROM request q
    LEFT JOIN ip_count i ON i.ord = q.ord
    LEFT JOIN token_request r ON r.ord = q.ord
    LEFT JOIN token_total t ON t.key = r.key
   ORDER BY q.ord`;

/** Counts a batch of requests (in arrival order) in one round trip; returns their counts in that order. */
export async function countHits(
  db: Queryable,
  windowMs: number,
  batch: HitKeys[],
  perIp: number,
): Promise<Hits[]> {
  const { rows } = await db.query<{ ip: number | string | null; token: number | string | null }>(
    COUNT_BATCH,
    [windowMs, batch.map((keys) => keys.ip), batch.map((keys) => keys.token), perIp],
  );
  return rows.map(({ ip, token }) => ({
    ip: ip === null ? null : Number(ip),
    token: token === null ? null : Number(token),
  }));
}

/** The most requests one statement counts; more wait for the next. */
const MAX_BATCH = 500;

/**
 * Counts requests the way a database commits in groups: one statement at a time per process, each
 * counting every request that arrived while the one before ran. So however many requests come at once,
 * the rate limit holds one pooled connection, and requests of one client never wait on each other's row
 * lock while holding connections that other members' requests need.
 */
export class HitCounter {
  readonly #db: Queryable;
  readonly #windowMs: number;
  readonly #perIp: number;
  readonly #queue: { keys: HitKeys; resolve: (hits: Hits) => void; reject: (error: unknown) => void }[] = [];
  #counting = false;

  constructor(db: Queryable, windowMs: number, perIp: number) {
    this.#db = db;
    this.#windowMs = windowMs;
    this.#perIp = perIp;
  }

  count(keys: HitKeys): Promise<Hits> {
    return new Promise((resolve, reject) => {
      this.#queue.push({ keys, resolve, reject });
      if (this.#counting) return;
      this.#counting = true;
      // The requests read in this turn of the event loop go in the first statement too.
      setImmediate(() => void this.#countQueued());
    });
  }

  async #countQueued(): Promise<void> {
    while (this.#queue.length > 0) {
      const batch = this.#queue.splice(0, MAX_BATCH);
      try {
        const hits = await countHits(
          this.#db,
          this.#windowMs,
          batch.map((request) => request.keys),
          this.#perIp,
        );
        batch.forEach((request, i) => request.resolve(hits[i]!));
      } catch (error) {
        for (const request of batch) request.reject(error);
      }
    }
    this.#counting = false;
  }
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
  const counter = new HitCounter(app.db, windowMs, perIp);
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
    const hits = await counter.count(keys);
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

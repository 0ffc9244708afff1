/**
 * `home` (no body): member count and the latest announcements in the request's language. The same
 * for every visitor, so with `homeCacheMs` one answer per database language (`contentLang`) serves
 * everyone for that long.
 */
import type { RouteData } from "@taichi/api";
import type { FastifyInstance } from "fastify";
import * as announcements from "../../data/announcements.ts";
import * as members from "../../data/members.ts";
import type { Db } from "../../db/index.ts";
import { type ContentLang, contentLang } from "../../i18n/messages.ts";
import { defineInvestRoute } from "./route.ts";

export const HOME_ANNOUNCEMENT_LIMIT = 10;

type HomeData = RouteData<"home">;

const caches = new WeakMap<FastifyInstance, Map<ContentLang, { until: number; data: Promise<HomeData> }>>();

async function loadHome(db: Db, lang: ContentLang): Promise<HomeData> {
  const [totalMembers, latest] = await Promise.all([
    members.count(db),
    announcements.latest(db, lang, HOME_ANNOUNCEMENT_LIMIT),
  ]);
  return {
    totalMembers,
    announcements: latest.map((row) => ({
      id: Number(row.id),
      title: row.title,
      body: row.body,
      createdAt: new Date(row.created_at).toISOString(),
    })),
  };
}

export default defineInvestRoute({
  name: "home",
  handler({ db, lang: requested, request }) {
    // the answer differs only by the database's texts: languages that read the same texts share one
    const lang = contentLang(requested);
    const ttl = request.server.homeCacheMs;
    if (ttl <= 0) return loadHome(db, lang);
    let cache = caches.get(request.server);
    if (!cache) caches.set(request.server, (cache = new Map()));
    const now = Date.now();
    const hit = cache.get(lang);
    if (hit && hit.until > now) return hit.data;
    // Concurrent requests share one load; a failed load is not kept.
    const data = loadHome(db, lang);
    cache.set(lang, { until: now + ttl, data });
    data.catch(() => cache.delete(lang));
    return data;
  },
});

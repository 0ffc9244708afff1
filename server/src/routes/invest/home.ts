/** `home` (no body): member count and the latest announcements in the request's language. */
import { defineInvestRoute } from "./route.ts";

export const HOME_ANNOUNCEMENT_LIMIT = 10;

export type Announcement = { id: number; title: string; body: string; createdAt: string };
export type HomeData = { totalMembers: number; announcements: Announcement[] };

type AnnouncementRow = { id: number; title: string; body: string; created_at: Date | string };

export default defineInvestRoute<undefined, HomeData>({
  name: "home",
  async handler({ db, lang }) {
    const [count, list] = await Promise.all([
      db.query<{ total: number }>("SELECT count(*)::int AS total FROM members"),
      db.query<AnnouncementRow>(
        `SELECT id,
                CASE WHEN $1::text = 'en' THEN title_en ELSE title_zh END AS title,
                CASE WHEN $1::text = 'en' THEN body_en ELSE body_zh END AS body,
                created_at
           FROM announcements
          ORDER BY created_at DESC, id DESC
          LIMIT $2`,
        [lang, HOME_ANNOUNCEMENT_LIMIT],
      ),
    ]);
    return {
      totalMembers: Number(count.rows[0]?.total ?? 0),
      announcements: list.rows.map((row) => ({
        id: Number(row.id),
        title: row.title,
        body: row.body,
        createdAt: new Date(row.created_at).toISOString(),
      })),
    };
  },
});

/** Announcements shown on the home page (`announcements`, in both languages). */
import type { Queryable } from "../db/index.ts";
import { type Lang, contentLang } from "../i18n/messages.ts";

export type AnnouncementRow = { id: number; title: string; body: string; created_at: Date | string };

/** The newest `limit` announcements in the request's language. */
export async function latest(db: Queryable, lang: Lang, limit: number): Promise<AnnouncementRow[]> {
  const { rows } = await db.query<AnnouncementRow>(
    `SELECT id,
            CASE WHEN $1::text = 'en' THEN title_en ELSE title_zh END AS title,
            CASE WHEN $1::text = 'en' THEN body_en ELSE body_zh END AS body,
            created_at
       FROM announcements
      ORDER BY created_at DESC, id DESC
      LIMIT $2`,
    [contentLang(lang), limit],
  );
  return rows;
}

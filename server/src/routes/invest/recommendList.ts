/**
 * `recommendList` (body: optional userId, page; signed in): direct referrals of the member, or of
 * `userId` in their team, a page at a time. Each row's direct count comes from `team_totals` and its
 * power from one index lookup of its own machines, so a page costs the same for every member.
 */
import type { Address } from "viem";
import { reject } from "../../lib/api.ts";
import { iso, powerSql, requireMember } from "../../lib/members.ts";
import { defineInvestRoute } from "./route.ts";
import { IN_TEAM_OF_SQL } from "./team.ts";

export const RECOMMEND_PAGE_SIZE = 100;

export default defineInvestRoute({
  name: "recommendList",
  auth: true,
  bulkhead: "team",
  async handler({ body, db, session }) {
    const me = await requireMember(db, session!.address);
    let target = me;
    if (body.userId !== undefined && body.userId !== me.id) {
      const { rows } = await db.query<{ id: number; address: string }>(
        "SELECT id, address FROM members WHERE id = $1",
        [body.userId],
      );
      const found = rows[0];
      const inTeam =
        found !== undefined &&
        (await db.query<{ in_team: boolean }>(IN_TEAM_OF_SQL, [found.address, me.address])).rows[0]?.in_team;
      if (!found || !inTeam) throw reject("notInTeam");
      target = { ...me, id: Number(found.id), address: found.address };
    }
    const page = body.page ?? 1;
    // One statement (one connection, one core of the database): the total comes with the page, on a
    // row of its own when the page is empty.
    const { rows } = await db.query<{
      total: number;
      id: number | null;
      address: Address;
      username: string | null;
      power: number;
      direct_count: number | null;
      created_at: Date | string;
    }>(
      `WITH page AS (
         SELECT id, address, username, created_at FROM members WHERE recommend = $1
          ORDER BY id LIMIT $2 OFFSET $3
       )
       SELECT coalesce((SELECT direct_count FROM team_totals WHERE address = $1), 0)::int AS total,
              page.id, page.address, page.username, t.direct_count, page.created_at,
              ${powerSql("page.address")} AS power
         FROM (SELECT 1) one
         LEFT JOIN page ON true
         LEFT JOIN team_totals t ON t.address = page.address
        ORDER BY page.id`,
      [target.address, RECOMMEND_PAGE_SIZE, (page - 1) * RECOMMEND_PAGE_SIZE],
    );
    const list = rows.filter((row) => row.id !== null);
    return {
      userId: Number(target.id),
      page,
      pageSize: RECOMMEND_PAGE_SIZE,
      total: Number(rows[0]?.total ?? 0),
      list: list.map((row) => ({
        userId: Number(row.id),
        address: row.address,
        username: row.username,
        power: Number(row.power),
        directCount: Number(row.direct_count ?? 0),
        createdAt: iso(row.created_at),
      })),
    };
  },
});

/**
 * `recommendList` (body: optional userId, page; signed in): direct referrals of the member, or of
 * `userId` in their team, a page at a time. Each row's direct count comes from `team_totals` and its
 * power from one index lookup of its own machines, so a page costs the same for every member.
 */
import * as members from "../../data/members.ts";
import { iso, reject } from "../../lib/api.ts";
import { requireMember } from "../../lib/members.ts";
import { defineInvestRoute } from "./route.ts";

export const RECOMMEND_PAGE_SIZE = 100;

export default defineInvestRoute({
  name: "recommendList",
  auth: true,
  bulkhead: "team",
  async handler({ body, db, session }) {
    const me = await requireMember(db, session!.address);
    let target = me;
    if (body.userId !== undefined && body.userId !== me.id) {
      const found = await members.findById(db, body.userId);
      const inTeam = found !== null && (await members.isInTeamOf(db, found.address, me.address));
      if (!found || !inTeam) throw reject("notInTeam");
      target = { ...me, id: Number(found.id), address: found.address };
    }
    const page = body.page ?? 1;
    const { total, rows } = await members.referralsPage(
      db,
      target.address,
      RECOMMEND_PAGE_SIZE,
      (page - 1) * RECOMMEND_PAGE_SIZE,
    );
    return {
      userId: Number(target.id),
      page,
      pageSize: RECOMMEND_PAGE_SIZE,
      total,
      list: rows.map((row) => ({
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

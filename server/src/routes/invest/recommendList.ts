/** `recommendList` (body: optional userId; signed in): direct referrals of the member, or of `userId` in their team. */
import { reject } from "../../lib/api.ts";
import { iso, requireMember } from "../../lib/members.ts";
import { defineInvestRoute } from "./route.ts";
import { idSchema } from "./schemas.ts";
import { ACTIVE_POWER, DOWNLINE_CTE } from "./team.ts";

export const RECOMMEND_LIST_LIMIT = 500;

export type Referral = {
  userId: number;
  address: string;
  username: string | null;
  power: number;
  directCount: number;
  createdAt: string;
};

export default defineInvestRoute<{ userId?: number }, { userId: number; list: Referral[] }>({
  name: "recommendList",
  auth: true,
  body: { type: "object", additionalProperties: false, properties: { userId: idSchema } },
  async handler({ body, db, session }) {
    const me = await requireMember(db, session!.address);
    let target = me;
    if (body.userId !== undefined && body.userId !== me.id) {
      const { rows } = await db.query<{ id: number; address: string }>(
        `${DOWNLINE_CTE} SELECT m.id, m.address FROM members m JOIN downline d ON d.address = m.address
          WHERE m.id = $2`,
        [me.address, body.userId],
      );
      const found = rows[0];
      if (!found) throw reject("notInTeam");
      target = { ...me, id: Number(found.id), address: found.address };
    }
    const { rows } = await db.query<{
      id: number;
      address: string;
      username: string | null;
      power: number | null;
      direct_count: number;
      created_at: Date | string;
    }>(
      `SELECT m.id, m.address, m.username, p.power,
              (SELECT count(*)::int FROM members c WHERE c.recommend = m.address) AS direct_count, m.created_at
         FROM members m LEFT JOIN (${ACTIVE_POWER}) p ON p.address = m.address
        WHERE m.recommend = $1 ORDER BY m.id LIMIT $2`,
      [target.address, RECOMMEND_LIST_LIMIT],
    );
    return {
      userId: Number(target.id),
      list: rows.map((row) => ({
        userId: Number(row.id),
        address: row.address,
        username: row.username,
        power: Number(row.power ?? 0),
        directCount: Number(row.direct_count),
        createdAt: iso(row.created_at),
      })),
    };
  },
});

/** `teamInfo` (no body; signed in): size and power of the member's referral tree. */
import { powerOf, requireMember } from "../../lib/members.ts";
import { defineInvestRoute } from "./route.ts";
import { ACTIVE_POWER, DOWNLINE_CTE } from "./team.ts";

export type TeamInfoData = {
  directCount: number;
  teamCount: number;
  myPower: number;
  directPower: number;
  teamPower: number;
  recommend: string | null;
};

export default defineInvestRoute<undefined, TeamInfoData>({
  name: "teamInfo",
  auth: true,
  async handler({ db, session }) {
    const me = await requireMember(db, session!.address);
    const { rows } = await db.query<{
      direct_count: number;
      team_count: number;
      direct_power: number;
      team_power: number;
    }>(
      `${DOWNLINE_CTE}
       SELECT count(*) FILTER (WHERE d.depth = 1)::int AS direct_count,
              count(*)::int AS team_count,
              coalesce(sum(p.power) FILTER (WHERE d.depth = 1), 0)::int AS direct_power,
              coalesce(sum(p.power), 0)::int AS team_power
         FROM downline d LEFT JOIN (${ACTIVE_POWER}) p ON p.address = d.address`,
      [me.address],
    );
    const row = rows[0];
    return {
      directCount: Number(row?.direct_count ?? 0),
      teamCount: Number(row?.team_count ?? 0),
      myPower: await powerOf(db, me.address),
      directPower: Number(row?.direct_power ?? 0),
      teamPower: Number(row?.team_power ?? 0),
      recommend: me.recommend,
    };
  },
});

/** `teamInfo` (no body; signed in): size and power of the member's referral tree. */
import { powerOf, requireMember } from "../../lib/members.ts";
import { defineInvestRoute } from "./route.ts";
import { TEAM_TOTALS_SQL } from "./team.ts";

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
      direct_power: string;
      team_power: string;
    }>(TEAM_TOTALS_SQL, [me.address]);
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

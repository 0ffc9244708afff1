/** `teamInfo` (no body; signed in): size and power of the member's referral tree, in one query. */
import * as members from "../../data/members.ts";
import { reject } from "../../lib/api.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "teamInfo",
  auth: true,
  bulkhead: "team",
  async handler({ db, session }) {
    const row = await members.teamFigures(db, session!.address);
    if (!row) throw reject("notRegistered");
    return {
      directCount: Number(row.direct_count),
      teamCount: Number(row.team_count),
      myPower: Number(row.my_power),
      directPower: Number(row.direct_power),
      teamPower: Number(row.team_power),
      recommend: row.recommend,
    };
  },
});

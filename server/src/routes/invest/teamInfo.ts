/** `teamInfo` (no body; signed in): size and power of the member's referral tree, in one query. */
import type { Address } from "viem";
import { reject } from "../../lib/api.ts";
import { powerSql } from "../../lib/members.ts";
import { defineInvestRoute } from "./route.ts";

/** The member $1 (lower-case) with its kept team totals (docs/server.md, "Team figures"). */
const TEAM_INFO_SQL = `
  SELECT m.recommend, ${powerSql("m.address")} AS my_power,
         coalesce(t.direct_count, 0)::int AS direct_count, coalesce(t.team_count, 0)::int AS team_count,
         p.direct_power, p.team_power
    FROM members m LEFT JOIN team_totals t ON t.address = m.address
         CROSS JOIN LATERAL (
           SELECT coalesce(sum(direct_power), 0)::bigint::text AS direct_power,
                  coalesce(sum(team_power), 0)::bigint::text AS team_power
             FROM team_power WHERE address = m.address AND end_day > (now() AT TIME ZONE 'UTC')::date
         ) p
   WHERE m.address = $1`;

export default defineInvestRoute({
  name: "teamInfo",
  auth: true,
  bulkhead: "team",
  async handler({ db, session }) {
    const { rows } = await db.query<{
      recommend: Address | null;
      my_power: number;
      direct_count: number;
      team_count: number;
      direct_power: string;
      team_power: string;
    }>(TEAM_INFO_SQL, [session!.address.toLowerCase()]);
    const row = rows[0];
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

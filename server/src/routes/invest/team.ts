/**
 * The referral tree (members.recommend). Team figures are kept per upline by triggers
 * (`0005_team_totals.sql`): a team reaches `TEAM_DEPTH` generations down, and reading a member's
 * figures costs the same whatever the size of its team.
 */

/** Generations a team reaches (a registration or purchase updates at most this many uplines). */
export const TEAM_DEPTH = 1000;

/** Direct and team counts and running power of $1 (lower-case address), one row. */
export const TEAM_TOTALS_SQL = `
  SELECT coalesce((SELECT direct_count FROM team_totals WHERE address = $1), 0)::int AS direct_count,
         coalesce((SELECT team_count FROM team_totals WHERE address = $1), 0)::int AS team_count,
         coalesce(sum(direct_power), 0)::bigint::text AS direct_power,
         coalesce(sum(team_power), 0)::bigint::text AS team_power
    FROM team_power WHERE address = $1 AND end_day > (now() AT TIME ZONE 'UTC')::date`;

/** Whether $2 is $1 or one of its uplines within TEAM_DEPTH: a walk up, at most TEAM_DEPTH lookups. */
export const IN_TEAM_OF_SQL = `
  SELECT EXISTS (SELECT 1 FROM upline_chain((SELECT recommend FROM members WHERE address = $1))
                  WHERE address = $2) AS in_team`;

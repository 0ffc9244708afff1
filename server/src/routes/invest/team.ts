/**
 * The referral tree (members.recommend). Team figures are kept per upline by triggers
 * (`0005_team_totals.sql`): a team reaches `TEAM_DEPTH` generations down, and reading a member's
 * figures costs the same whatever the size of its team.
 */

/** Generations a team reaches (a registration or purchase updates at most this many uplines). */
export const TEAM_DEPTH = 1000;

/** Whether $2 is an upline of $1 within TEAM_DEPTH generations: a walk up, at most TEAM_DEPTH key lookups. */
export const IN_TEAM_OF_SQL = `
  SELECT EXISTS (SELECT 1 FROM upline_chain((SELECT recommend FROM members WHERE address = $1))
                  WHERE address = $2) AS in_team`;

/** The referral tree below a member (members.recommend), as SQL. */

/** Every member below $1 (lower-case address) with its depth, 1 = direct referral. */
export const DOWNLINE_CTE = `
  WITH RECURSIVE downline (address, depth) AS (
    SELECT address, 1 FROM members WHERE recommend = $1
    UNION ALL
    SELECT m.address, d.depth + 1 FROM members m JOIN downline d ON m.recommend = d.address
     WHERE d.depth < 1000
  )`;

/** Power of machines not yet expired, per address. */
export const ACTIVE_POWER = `
  SELECT address, sum(power)::int AS power FROM member_machines
   WHERE end_day > (now() AT TIME ZONE 'UTC')::date GROUP BY address`;

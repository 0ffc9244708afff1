/**
 * Members (`members`) and their referral tree (`members.recommend`). Team figures are kept per upline by
 * triggers (`0005_team_totals.sql`), so reading a member's figures costs the same whatever the size of its
 * team. Addresses are lower-case here.
 */
import type { Address } from "viem";
import type { Queryable } from "../db/index.ts";
import { type Lang, contentLang } from "../i18n/messages.ts";
import { balanceSql } from "./ledger.ts";
import { powerSql } from "./machines.ts";

/** Generations a team reaches (a registration or purchase updates at most this many uplines). */
export const TEAM_DEPTH = 1000;

export type MemberRow = {
  id: number;
  address: string;
  username: string | null;
  recommend: string | null;
  created_at: Date | string;
};

export async function find(db: Queryable, address: string): Promise<MemberRow | null> {
  const { rows } = await db.query<MemberRow>(
    "SELECT id, address, username, recommend, created_at FROM members WHERE address = $1",
    [address.toLowerCase()],
  );
  return rows[0] ?? null;
}

export async function findById(db: Queryable, id: number): Promise<{ id: number; address: string } | null> {
  const { rows } = await db.query<{ id: number; address: string }>(
    "SELECT id, address FROM members WHERE id = $1",
    [id],
  );
  return rows[0] ?? null;
}

export async function exists(db: Queryable, address: string): Promise<boolean> {
  const { rows } = await db.query<{ registered: boolean }>(
    "SELECT EXISTS (SELECT 1 FROM members WHERE address = $1) AS registered",
    [address.toLowerCase()],
  );
  return rows[0]?.registered === true;
}

/** Whether anyone has registered yet. */
export async function hasAny(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM members) AS any");
  return rows[0]?.any === true;
}

export async function count(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ total: number }>("SELECT count(*)::int AS total FROM members");
  return Number(rows[0]?.total ?? 0);
}

/**
 * Registers a member; null when the insert conflicts (the address is a member already, or a second
 * member without referrer: the unique index `members_one_root_idx`).
 */
export async function insert(
  db: Queryable,
  member: { address: string; username: string; recommend: string | null },
): Promise<{ id: number; createdAt: Date | string } | null> {
  const { rows } = await db.query<{ id: number; created_at: Date | string }>(
    `INSERT INTO members (address, username, recommend) VALUES ($1, $2, $3)
     ON CONFLICT DO NOTHING RETURNING id, created_at`,
    [member.address, member.username, member.recommend],
  );
  const row = rows[0];
  return row ? { id: Number(row.id), createdAt: row.created_at } : null;
}

/** Locks the member's row until the transaction ends: the member's balance-spending writes queue up. */
export async function lockForUpdate(tx: Queryable, address: string): Promise<void> {
  await tx.query("SELECT id FROM members WHERE address = $1 FOR UPDATE", [address]);
}

export type ProfileRow = {
  id: number;
  address: Address;
  username: string | null;
  recommend: Address | null;
  created_at: Date | string;
  power: number;
  level_id: number | null;
  node_name: string | null;
  bonus_bps: number | null;
  usdt: string;
  arb: string;
};

/** The member with power, node and balances, in one statement (each query is a round trip). */
export async function profile(db: Queryable, address: string, lang: Lang): Promise<ProfileRow | null> {
  const { rows } = await db.query<ProfileRow>(
    `SELECT m.id, m.address, m.username, m.recommend, m.created_at,
            ${powerSql("m.address")} AS power,
            n.level_id, CASE WHEN $2::text = 'en' THEN l.name_en ELSE l.name_zh END AS node_name, l.bonus_bps,
            ${balanceSql("m.address", "'usdt'")} AS usdt, ${balanceSql("m.address", "'arb'")} AS arb
       FROM members m
       LEFT JOIN member_nodes n ON n.address = m.address
       LEFT JOIN node_levels l ON l.id = n.level_id
      WHERE m.address = $1`,
    [address, contentLang(lang)],
  );
  return rows[0] ?? null;
}

export type TeamFiguresRow = {
  recommend: Address | null;
  my_power: number;
  direct_count: number;
  team_count: number;
  direct_power: string;
  team_power: string;
};

/** The member with its kept team totals (docs/server.md, "Team figures"), in one statement. */
export async function teamFigures(db: Queryable, address: string): Promise<TeamFiguresRow | null> {
  const { rows } = await db.query<TeamFiguresRow>(
    `SELECT m.recommend, ${powerSql("m.address")} AS my_power,
            coalesce(t.direct_count, 0)::int AS direct_count, coalesce(t.team_count, 0)::int AS team_count,
            p.direct_power, p.team_power
       FROM members m LEFT JOIN team_totals t ON t.address = m.address
            CROSS JOIN LATERAL (
              SELECT coalesce(sum(direct_power), 0)::bigint::text AS direct_power,
                     coalesce(sum(team_power), 0)::bigint::text AS team_power
                FROM team_power WHERE address = m.address AND end_day > (now() AT TIME ZONE 'UTC')::date
            ) p
      WHERE m.address = $1`,
    [address.toLowerCase()],
  );
  return rows[0] ?? null;
}

/** Whether `upline` is an upline of `member` within TEAM_DEPTH generations: a walk up, one key lookup each. */
export async function isInTeamOf(db: Queryable, member: string, upline: string): Promise<boolean> {
  const { rows } = await db.query<{ in_team: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM upline_chain((SELECT recommend FROM members WHERE address = $1))
                     WHERE address = $2) AS in_team`,
    [member, upline],
  );
  return rows[0]?.in_team === true;
}

export type ReferralRow = {
  id: number;
  address: Address;
  username: string | null;
  power: number;
  direct_count: number | null;
  created_at: Date | string;
};

/**
 * One page of the direct referrals of `address`, oldest first, each with its direct count (from
 * `team_totals`) and power, and how many there are in all. One statement (one connection, one core of the
 * database): the total comes with the page, on a row of its own when the page is empty.
 */
export async function referralsPage(
  db: Queryable,
  address: string,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: ReferralRow[] }> {
  // The row of an empty page has a null id.
  const { rows } = await db.query<Omit<ReferralRow, "id"> & { id: number | null; total: number }>(
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
    [address, limit, offset],
  );
  return {
    total: Number(rows[0]?.total ?? 0),
    rows: rows.filter((row): row is ReferralRow & { total: number } => row.id !== null),
  };
}

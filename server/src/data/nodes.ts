/** Node levels with their seats (`node_levels`) and the node each member holds (`member_nodes`, one at most). */
import type { Queryable } from "../db/index.ts";
import { type Lang, contentLang } from "../i18n/messages.ts";

export type NodeLevel = {
  id: number;
  name: string;
  price: string;
  bonusBps: number;
  seats: number;
  sold: number;
  remaining: number;
};

type NodeLevelRow = {
  id: number;
  name: string;
  price: string;
  bonus_bps: number;
  seats: number;
  sold: number;
};

/** Every node level (or the one of `id`), in the request's language. */
export async function levels(db: Queryable, lang: Lang, id?: number): Promise<NodeLevel[]> {
  const { rows } = await db.query<NodeLevelRow>(
    `SELECT id, CASE WHEN $1::text = 'en' THEN name_en ELSE name_zh END AS name, price::text AS price,
            bonus_bps, seats, sold
       FROM node_levels WHERE ($2::int IS NULL OR id = $2) ORDER BY id`,
    [contentLang(lang), id ?? null],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    price: row.price,
    bonusBps: Number(row.bonus_bps),
    seats: Number(row.seats),
    sold: Number(row.sold),
    remaining: Number(row.seats) - Number(row.sold),
  }));
}

export async function isHeldBy(db: Queryable, address: string): Promise<boolean> {
  const { rows } = await db.query("SELECT 1 FROM member_nodes WHERE address = $1", [address.toLowerCase()]);
  return rows.length > 0;
}

/** Takes one seat of the level; false when it is sold out. Atomic: never more sold than seats. */
export async function takeSeat(tx: Queryable, levelId: number): Promise<boolean> {
  const { rows } = await tx.query(
    "UPDATE node_levels SET sold = sold + 1 WHERE id = $1 AND sold < seats RETURNING id",
    [levelId],
  );
  return rows.length > 0;
}

/** Gives the member its node; false when it holds one already. */
export async function insertHolder(
  tx: Queryable,
  holder: { address: string; levelId: number; paid: bigint; hash: string },
): Promise<boolean> {
  const { rows } = await tx.query(
    `INSERT INTO member_nodes (address, level_id, paid, tx_hash) VALUES ($1, $2, $3::numeric, $4)
     ON CONFLICT (address) DO NOTHING RETURNING address`,
    [holder.address, holder.levelId, holder.paid.toString(), holder.hash.toLowerCase()],
  );
  return rows.length > 0;
}

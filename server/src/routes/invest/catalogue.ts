/** Machine types and node levels as the routes show them (amounts: base-unit decimal strings). */
import type { Lang } from "../../i18n/messages.ts";
import type { Queryable } from "../../db/index.ts";
import { OUTPUT_PER_POWER } from "../../lib/money.ts";

export type MachineType = {
  id: number;
  name: string;
  /** USDT base units (18 decimals) per machine. */
  price: string;
  power: number;
  durationDays: number;
  maxPerOrder: number;
  /** ARB base units one machine yields per settled day (before node bonus). */
  dailyOutput: string;
};

export type NodeLevel = {
  id: number;
  name: string;
  price: string;
  bonusBps: number;
  seats: number;
  sold: number;
  remaining: number;
};

type MachineRow = {
  id: number;
  name: string;
  price: string;
  power: number;
  duration_days: number;
  max_per_order: number;
};

export async function machineTypes(db: Queryable, lang: Lang, id?: number): Promise<MachineType[]> {
  const { rows } = await db.query<MachineRow>(
    `SELECT id, CASE WHEN $1::text = 'en' THEN name_en ELSE name_zh END AS name, price::text AS price,
            power, duration_days, max_per_order
       FROM machine_types WHERE active AND ($2::int IS NULL OR id = $2) ORDER BY id`,
    [lang, id ?? null],
  );
  return rows.map((row) => ({
    id: Number(row.id),
    name: row.name,
    price: row.price,
    power: Number(row.power),
    durationDays: Number(row.duration_days),
    maxPerOrder: Number(row.max_per_order),
    dailyOutput: (BigInt(row.power) * OUTPUT_PER_POWER).toString(),
  }));
}

type NodeRow = { id: number; name: string; price: string; bonus_bps: number; seats: number; sold: number };

export async function nodeLevels(db: Queryable, lang: Lang, id?: number): Promise<NodeLevel[]> {
  const { rows } = await db.query<NodeRow>(
    `SELECT id, CASE WHEN $1::text = 'en' THEN name_en ELSE name_zh END AS name, price::text AS price,
            bonus_bps, seats, sold
       FROM node_levels WHERE ($2::int IS NULL OR id = $2) ORDER BY id`,
    [lang, id ?? null],
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

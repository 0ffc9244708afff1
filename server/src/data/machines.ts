/** Machine types on sale (`machine_types`) and the machines members bought (`member_machines`). */
import type { RouteData } from "@taichi/api";
import type { Hash } from "viem";
import type { Queryable } from "../db/index.ts";
import { type Lang, contentLang } from "../i18n/messages.ts";
import { OUTPUT_PER_POWER } from "../lib/money.ts";

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

type MachineTypeRow = {
  id: number;
  name: string;
  price: string;
  power: number;
  duration_days: number;
  max_per_order: number;
};

/** The active machine types (or the one of `id`), in the request's language. */
export async function types(db: Queryable, lang: Lang, id?: number): Promise<MachineType[]> {
  const { rows } = await db.query<MachineTypeRow>(
    `SELECT id, CASE WHEN $1::text = 'en' THEN name_en ELSE name_zh END AS name, price::text AS price,
            power, duration_days, max_per_order
       FROM machine_types WHERE active AND ($2::int IS NULL OR id = $2) ORDER BY id`,
    [contentLang(lang), id ?? null],
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

/** A scalar subquery: power of `address`'s machines that have not expired (bought today included). */
export function powerSql(address: string): string {
  return `(SELECT coalesce(sum(power), 0)::int FROM member_machines
            WHERE address = ${address} AND end_day > (now() AT TIME ZONE 'UTC')::date)`;
}

/** Power of machines that have not expired (bought today included), without node bonus. */
export async function powerOf(db: Queryable, address: string): Promise<number> {
  const { rows } = await db.query<{ power: number }>(`SELECT ${powerSql("$1")} AS power`, [
    address.toLowerCase(),
  ]);
  return Number(rows[0]?.power ?? 0);
}

export type NewMachines = {
  address: string;
  typeId: number;
  num: number;
  power: number;
  paid: bigint;
  hash: string;
  durationDays: number;
};

/** Books bought machines, running from tomorrow (UTC) for their duration. */
export async function insert(
  tx: Queryable,
  machines: NewMachines,
): Promise<{ id: number; startDay: string; endDay: string }> {
  const { rows } = await tx.query<{ id: number; start_day: string; end_day: string }>(
    `INSERT INTO member_machines (address, type_id, num, power, paid, tx_hash, start_day, end_day)
     VALUES ($1, $2, $3, $4, $5::numeric, $6, (now() AT TIME ZONE 'UTC')::date + 1,
             (now() AT TIME ZONE 'UTC')::date + 1 + $7::int)
     RETURNING id, start_day::text AS start_day, end_day::text AS end_day`,
    [
      machines.address,
      machines.typeId,
      machines.num,
      machines.power,
      machines.paid.toString(),
      machines.hash.toLowerCase(),
      machines.durationDays,
    ],
  );
  const row = rows[0]!;
  return { id: Number(row.id), startDay: row.start_day, endDay: row.end_day };
}

export type PurchaseRow = {
  id: number;
  type_id: number;
  name: string;
  num: number;
  power: number;
  paid: string;
  tx_hash: Hash;
  start_day: string;
  end_day: string;
  status: RouteData<"buyMachineLog">["list"][number]["status"];
  created_at: Date | string;
};

/** The member's machine purchases, newest first, with their state today. */
export async function purchases(
  db: Queryable,
  address: string,
  lang: Lang,
  limit: number,
): Promise<PurchaseRow[]> {
  const { rows } = await db.query<PurchaseRow>(
    `SELECT m.id, m.type_id, CASE WHEN $2::text = 'en' THEN t.name_en ELSE t.name_zh END AS name, m.num,
            m.power, m.paid::text AS paid, m.tx_hash, m.start_day::text AS start_day, m.end_day::text AS end_day,
            CASE WHEN m.end_day <= (now() AT TIME ZONE 'UTC')::date THEN 'expired'
                 WHEN m.start_day > (now() AT TIME ZONE 'UTC')::date THEN 'pending'
                 ELSE 'running' END AS status,
            m.created_at
       FROM member_machines m JOIN machine_types t ON t.id = m.type_id
      WHERE m.address = $1 ORDER BY m.id DESC LIMIT $3`,
    [address.toLowerCase(), contentLang(lang), limit],
  );
  return rows;
}

export type PowerChangeRow = {
  day: string;
  change: number;
  reason: RouteData<"powerLog">["list"][number]["reason"];
  id: number;
};

/** Power changes, newest first: +power when a machine starts, -power when it has ended. */
export async function powerChanges(db: Queryable, address: string, limit: number): Promise<PowerChangeRow[]> {
  const { rows } = await db.query<PowerChangeRow>(
    `SELECT day::text AS day, change, reason, id FROM (
       SELECT start_day AS day, power AS change, 'machineStart' AS reason, id FROM member_machines WHERE address = $1
       UNION ALL
       SELECT end_day, -power, 'machineEnd', id FROM member_machines
        WHERE address = $1 AND end_day <= (now() AT TIME ZONE 'UTC')::date
     ) changes ORDER BY day DESC, id DESC, change LIMIT $2`,
    [address, limit],
  );
  return rows;
}

/** `buyMachineLog` (no body; signed in): the member's machine purchases, newest first. */
import type { RouteData } from "@taichi/api";
import type { Hash } from "viem";
import { iso } from "../../lib/members.ts";
import { defineInvestRoute } from "./route.ts";

export const LOG_LIMIT = 200;

export type MachinePurchase = RouteData<"buyMachineLog">["list"][number];

export default defineInvestRoute({
  name: "buyMachineLog",
  auth: true,
  async handler({ db, lang, session }) {
    const { rows } = await db.query<{
      id: number;
      type_id: number;
      name: string;
      num: number;
      power: number;
      paid: string;
      tx_hash: Hash;
      start_day: string;
      end_day: string;
      status: MachinePurchase["status"];
      created_at: Date | string;
    }>(
      `SELECT m.id, m.type_id, CASE WHEN $2::text = 'en' THEN t.name_en ELSE t.name_zh END AS name, m.num,
              m.power, m.paid::text AS paid, m.tx_hash, m.start_day::text AS start_day, m.end_day::text AS end_day,
              CASE WHEN m.end_day <= (now() AT TIME ZONE 'UTC')::date THEN 'expired'
                   WHEN m.start_day > (now() AT TIME ZONE 'UTC')::date THEN 'pending'
                   ELSE 'running' END AS status,
              m.created_at
         FROM member_machines m JOIN machine_types t ON t.id = m.type_id
        WHERE m.address = $1 ORDER BY m.id DESC LIMIT $3`,
      [session!.address.toLowerCase(), lang, LOG_LIMIT],
    );
    return {
      list: rows.map((row) => ({
        id: Number(row.id),
        typeId: Number(row.type_id),
        name: row.name,
        num: Number(row.num),
        power: Number(row.power),
        paid: row.paid,
        hash: row.tx_hash,
        startDay: row.start_day,
        endDay: row.end_day,
        status: row.status,
        createdAt: iso(row.created_at),
      })),
    };
  },
});

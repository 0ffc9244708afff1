/** `buyMachineLog` (no body; signed in): the member's machine purchases, newest first. */
import type { RouteData } from "@taichi/api";
import * as machines from "../../data/machines.ts";
import { iso } from "../../lib/api.ts";
import { defineInvestRoute } from "./route.ts";

export const LOG_LIMIT = 200;

export type MachinePurchase = RouteData<"buyMachineLog">["list"][number];

export default defineInvestRoute({
  name: "buyMachineLog",
  auth: true,
  async handler({ db, lang, session }) {
    const rows = await machines.purchases(db, session!.address, lang, LOG_LIMIT);
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

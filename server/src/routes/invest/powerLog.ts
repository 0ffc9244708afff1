/** `powerLog` (no body; signed in): power changes, newest first: +power when a machine starts, -power when it ends. */
import type { RouteData } from "@taichi/api";
import { powerOf } from "../../lib/members.ts";
import { LOG_LIMIT } from "./buyMachineLog.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "powerLog",
  auth: true,
  async handler({ db, session }) {
    const address = session!.address.toLowerCase();
    const { rows } = await db.query<{
      day: string;
      change: number;
      reason: RouteData<"powerLog">["list"][number]["reason"];
      id: number;
    }>(
      `SELECT day::text AS day, change, reason, id FROM (
         SELECT start_day AS day, power AS change, 'machineStart' AS reason, id FROM member_machines WHERE address = $1
         UNION ALL
         SELECT end_day, -power, 'machineEnd', id FROM member_machines
          WHERE address = $1 AND end_day <= (now() AT TIME ZONE 'UTC')::date
       ) changes ORDER BY day DESC, id DESC, change LIMIT $2`,
      [address, LOG_LIMIT],
    );
    return {
      power: await powerOf(db, address),
      list: rows.map((row) => ({
        day: row.day,
        change: Number(row.change),
        reason: row.reason,
        machineId: Number(row.id),
      })),
    };
  },
});

/** `powerLog` (no body; signed in): power changes, newest first: +power when a machine starts, -power when it ends. */
import * as machines from "../../data/machines.ts";
import { LOG_LIMIT } from "./buyMachineLog.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "powerLog",
  auth: true,
  async handler({ db, session }) {
    const address = session!.address.toLowerCase();
    const rows = await machines.powerChanges(db, address, LOG_LIMIT);
    return {
      power: await machines.powerOf(db, address),
      list: rows.map((row) => ({
        day: row.day,
        change: Number(row.change),
        reason: row.reason,
        machineId: Number(row.id),
      })),
    };
  },
});

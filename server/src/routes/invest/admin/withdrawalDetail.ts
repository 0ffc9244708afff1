/** `admin/withdrawalDetail` (body: id; operator): one request with its audit trail, oldest first. */
import * as withdrawals from "../../../data/withdrawals.ts";
import { defineInvestRoute } from "../route.ts";
import { requireWithdrawal } from "./shared.ts";

export default defineInvestRoute({
  name: "admin/withdrawalDetail",
  operator: true,
  async handler({ body, db }) {
    const withdrawal = await requireWithdrawal(db, body.id);
    return { ...withdrawal, events: await withdrawals.events(db, body.id) };
  },
});

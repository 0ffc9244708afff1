/** `admin/withdrawalDetail` (body: id; operator): one request with its audit trail, oldest first. */
import { withdrawalEvents, type WithdrawalEvent, type WithdrawalView } from "../../../lib/withdrawals.ts";
import { defineInvestRoute } from "../route.ts";
import { idSchema } from "../schemas.ts";
import { requireWithdrawal } from "./shared.ts";

export default defineInvestRoute<{ id: number }, WithdrawalView & { events: WithdrawalEvent[] }>({
  name: "admin/withdrawalDetail",
  operator: true,
  body: { type: "object", required: ["id"], additionalProperties: false, properties: { id: idSchema } },
  async handler({ body, db }) {
    const withdrawal = await requireWithdrawal(db, body.id);
    return { ...withdrawal, events: await withdrawalEvents(db, body.id) };
  },
});

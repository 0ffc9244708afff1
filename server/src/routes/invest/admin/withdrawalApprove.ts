/** `admin/withdrawalApprove` (body: id; operator): pending -> approved (to be paid out on chain). */
import type { WithdrawalView } from "../../../lib/withdrawals.ts";
import { defineInvestRoute } from "../route.ts";
import { idSchema } from "../schemas.ts";
import { operatorMove } from "./shared.ts";

export default defineInvestRoute<{ id: number }, WithdrawalView>({
  name: "admin/withdrawalApprove",
  operator: true,
  body: { type: "object", required: ["id"], additionalProperties: false, properties: { id: idSchema } },
  handler: ({ body, request }) => operatorMove(request, body.id, "approved"),
});

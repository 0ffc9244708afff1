/** `admin/withdrawalReject` (body: id, reason; operator): pending|approved -> rejected; the amount is refunded. */
import type { WithdrawalView } from "../../../lib/withdrawals.ts";
import { defineInvestRoute } from "../route.ts";
import { idSchema } from "../schemas.ts";
import { operatorMove } from "./shared.ts";

export default defineInvestRoute<{ id: number; reason: string }, WithdrawalView>({
  name: "admin/withdrawalReject",
  operator: true,
  body: {
    type: "object",
    required: ["id", "reason"],
    additionalProperties: false,
    properties: {
      id: idSchema,
      reason: {
        type: "string",
        minLength: 1,
        maxLength: 200,
        pattern: "^(?=.*\\S)[^\\u0000-\\u001f\\u007f]+$",
      },
    },
  },
  handler: ({ body, request }) => operatorMove(request, body.id, "rejected", { reason: body.reason.trim() }),
});

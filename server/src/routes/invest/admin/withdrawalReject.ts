/** `admin/withdrawalReject` (body: id, reason; operator): pending|approved -> rejected; the amount is refunded. */
import { defineInvestRoute } from "../route.ts";
import { operatorMove } from "./shared.ts";

export default defineInvestRoute({
  name: "admin/withdrawalReject",
  operator: true,
  handler: ({ body, request }) => operatorMove(request, body.id, "rejected", { reason: body.reason.trim() }),
});

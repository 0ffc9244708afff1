/** `admin/withdrawalApprove` (body: id; operator): pending -> approved (to be paid out on chain). */
import { defineInvestRoute } from "../route.ts";
import { operatorMove } from "./shared.ts";

export default defineInvestRoute({
  name: "admin/withdrawalApprove",
  operator: true,
  handler: ({ body, request }) => operatorMove(request, body.id, "approved"),
});

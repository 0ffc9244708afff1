/**
 * `admin/withdrawalList` (body: status = pending by default, or all; address: one member; page; operator):
 * the queue, oldest first, with the treasury a payout must come from.
 */
import type { Address } from "viem";
import * as withdrawals from "../../../data/withdrawals.ts";
import { defineInvestRoute } from "../route.ts";

export default defineInvestRoute({
  name: "admin/withdrawalList",
  operator: true,
  async handler({ body, db, request }) {
    const status = body.status ?? "pending";
    // addresses are stored lower-case
    const address = body.address ? (body.address.toLowerCase() as Address) : null;
    const page = body.page ?? 1;
    const { total, list } = await withdrawals.list(db, { status, address }, page);
    const treasury = request.server.paymentTarget.treasury;
    return { status, address, treasury, page, pageSize: withdrawals.PAGE_SIZE, total, list };
  },
});

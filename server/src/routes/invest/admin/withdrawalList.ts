/** `admin/withdrawalList` (body: status = pending by default, or all; page; operator): the queue, oldest first. */
import * as withdrawals from "../../../data/withdrawals.ts";
import type { WithdrawalStatus } from "../../../lib/withdrawals.ts";
import { defineInvestRoute } from "../route.ts";

type Status = WithdrawalStatus | "all";

export type WithdrawalListData = {
  status: Status;
  page: number;
  pageSize: number;
  total: number;
  list: withdrawals.WithdrawalView[];
};

export default defineInvestRoute({
  name: "admin/withdrawalList",
  operator: true,
  async handler({ body, db }) {
    const status = body.status ?? "pending";
    const page = body.page ?? 1;
    const { total, list } = await withdrawals.list(db, status, page);
    return { status, page, pageSize: withdrawals.PAGE_SIZE, total, list };
  },
});

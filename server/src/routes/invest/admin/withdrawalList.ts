/** `admin/withdrawalList` (body: status = pending by default, or all; page; operator): the queue, oldest first. */
import {
  listWithdrawals,
  WITHDRAWAL_PAGE_SIZE,
  type WithdrawalStatus,
  type WithdrawalView,
} from "../../../lib/withdrawals.ts";
import { defineInvestRoute } from "../route.ts";

type Status = WithdrawalStatus | "all";

export type WithdrawalListData = {
  status: Status;
  page: number;
  pageSize: number;
  total: number;
  list: WithdrawalView[];
};

export default defineInvestRoute({
  name: "admin/withdrawalList",
  operator: true,
  async handler({ body, db }) {
    const status = body.status ?? "pending";
    const page = body.page ?? 1;
    const { total, list } = await listWithdrawals(db, status, page);
    return { status, page, pageSize: WITHDRAWAL_PAGE_SIZE, total, list };
  },
});

/**
 * `withdrawCheck` (body: num, credit_type; signed in): whether `withdraw` would accept this amount,
 * before the member pays the fee. `amount`/`token`/`treasury` are the fee payment (as the other
 * `...Check` routes); `net` is what the member receives, in the withdrawn credit type.
 */
import type { CreditType } from "../../lib/money.ts";
import { quoteWithdrawal } from "../../lib/withdrawals.ts";
import { payTo, type PayTo } from "./purchase.ts";
import { defineInvestRoute } from "./route.ts";

export type WithdrawCheckData = PayTo & {
  creditType: CreditType;
  /** Requested, base units of the credit type. */
  withdrawAmount: string;
  /** Flat fee, USDT base units (the same as `amount`). */
  fee: string;
  net: string;
  /** The credit type's minimum, base units; `minimumInclusive` false: the amount must be above it. */
  minimum: string;
  minimumInclusive: boolean;
  balance: string;
};

export default defineInvestRoute({
  name: "withdrawCheck",
  auth: true,
  async handler({ body, db, session, request }) {
    const quote = await quoteWithdrawal(db, session!.address, body.num, body.credit_type);
    return {
      creditType: body.credit_type,
      withdrawAmount: quote.amount.toString(),
      fee: quote.fee.toString(),
      net: quote.net.toString(),
      minimum: quote.rule.min.toString(),
      minimumInclusive: quote.rule.inclusive,
      balance: quote.balance.toString(),
      ...(await payTo(request.server, quote.fee)),
    };
  },
});

/**
 * `admin/withdrawalPay` (body: id, hash; operator): approved -> paid. `hash` is the payout: a
 * confirmed transaction with a Transfer of exactly the amount, of the credit type's token, from the
 * treasury to the member, mined after the request's fee payment (an older transfer of the same amount
 * paid something else). A hash settles one withdrawal at most (unique `payout_tx_hash`).
 */
import * as withdrawals from "../../../data/withdrawals.ts";
import { reject } from "../../../lib/api.ts";
import { PAYOUT_REASON_TEXT } from "../../../lib/withdrawals.ts";
import type { Address, Hash } from "viem";
import { defineInvestRoute } from "../route.ts";
import { operatorMove, requireWithdrawal, stateRejection } from "./shared.ts";

export default defineInvestRoute({
  name: "admin/withdrawalPay",
  operator: true,
  async handler({ body, db, request }) {
    const withdrawal = await requireWithdrawal(db, body.id);
    // Early answers before asking the chain; the move re-checks both under the row lock.
    if (withdrawal.status !== "approved") throw stateRejection(body.id, "paid", withdrawal.status);
    const hash = body.hash.toLowerCase() as Hash;
    if (await withdrawals.isPayoutHashUsed(db, hash)) throw reject("hashUsed");
    const feeBlock = await withdrawals.feeBlock(db, body.id);
    const check = await request.server.verifyPayout({
      hash,
      to: withdrawal.address as Address,
      amount: BigInt(withdrawal.amount),
      creditType: withdrawal.creditType,
      after: feeBlock,
    });
    if (!check.ok) throw reject("payoutInvalid", { reason: PAYOUT_REASON_TEXT[check.reason] });
    return operatorMove(request, body.id, "paid", { payoutTxHash: hash });
  },
});

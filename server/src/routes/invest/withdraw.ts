/**
 * `withdraw` (body: num, credit_type, hash; signed in): requests a withdrawal of `num` tokens
 * (a decimal like `12.5`). `hash` proves the flat fee paid in USDT to the treasury. The amount
 * leaves the balance at once (a ledger row); a rejected request gives it back.
 */
import * as ledger from "../../data/ledger.ts";
import * as members from "../../data/members.ts";
import * as withdrawals from "../../data/withdrawals.ts";
import { reject } from "../../lib/api.ts";
import { bookPayment, checkPayment } from "../../lib/members.ts";
import { WITHDRAW_FEE, type CreditType } from "../../lib/money.ts";
import { quoteWithdrawal } from "../../lib/withdrawals.ts";
import { defineInvestRoute } from "./route.ts";

export type WithdrawData = {
  id: number;
  creditType: CreditType;
  amount: string;
  fee: string;
  status: "pending";
};

export default defineInvestRoute({
  name: "withdraw",
  auth: true,
  async handler({ body, db, session, request }) {
    const { address, amount } = await quoteWithdrawal(db, session!.address, body.num, body.credit_type);
    const fee = await checkPayment(db, request.server, {
      hash: body.hash,
      from: address,
      amount: WITHDRAW_FEE,
    });
    const id = await db.transaction(async (tx) => {
      // Serializes this member's withdrawals so two requests cannot both spend one balance.
      await members.lockForUpdate(tx, address);
      if ((await ledger.balanceOf(tx, address, body.credit_type)) < amount)
        throw reject("balanceInsufficient");
      await bookPayment(tx, {
        hash: body.hash,
        address,
        purpose: "withdraw_fee",
        amount: WITHDRAW_FEE,
      });
      const withdrawalId = await withdrawals.insert(tx, {
        address,
        creditType: body.credit_type,
        amount,
        fee: WITHDRAW_FEE,
        feeHash: body.hash,
        feeBlock: fee.blockNumber,
      });
      await withdrawals.insertEvent(tx, { withdrawalId, from: null, to: "pending", actor: address });
      await ledger.append(tx, {
        address,
        creditType: body.credit_type,
        amount: -amount,
        kind: "withdraw",
        ref: `withdrawal:${withdrawalId}`,
      });
      return withdrawalId;
    });
    request.server.memberCache.invalidate(address);
    request.log.info({ address, withdrawalId: id }, "withdrawal requested");
    return {
      id,
      creditType: body.credit_type,
      amount: amount.toString(),
      fee: WITHDRAW_FEE.toString(),
      status: "pending",
    };
  },
});

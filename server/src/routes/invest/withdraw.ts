/**
 * `withdraw` (body: num, credit_type, hash; signed in): requests a withdrawal of `num` tokens
 * (a decimal like `12.5`). `hash` proves the flat fee paid in USDT to the treasury. The amount
 * leaves the balance at once (a ledger row); a rejected request gives it back.
 */
import { reject } from "../../lib/api.ts";
import { balanceOf, bookPayment, checkPayment } from "../../lib/members.ts";
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
      await tx.query("SELECT id FROM members WHERE address = $1 FOR UPDATE", [address]);
      if ((await balanceOf(tx, address, body.credit_type)) < amount) throw reject("balanceInsufficient");
      await bookPayment(tx, {
        hash: body.hash,
        address,
        purpose: "withdraw_fee",
        amount: WITHDRAW_FEE,
      });
      const { rows } = await tx.query<{ id: number }>(
        `INSERT INTO withdrawals (address, credit_type, amount, fee, fee_tx_hash, fee_block)
         VALUES ($1, $2, $3::numeric, $4::numeric, $5, $6::bigint) RETURNING id`,
        [
          address,
          body.credit_type,
          amount.toString(),
          WITHDRAW_FEE.toString(),
          body.hash.toLowerCase(),
          fee.blockNumber?.toString() ?? null,
        ],
      );
      const withdrawalId = Number(rows[0]!.id);
      await tx.query(
        `INSERT INTO withdrawal_events (withdrawal_id, from_status, to_status, actor) VALUES ($1, NULL, 'pending', $2)`,
        [withdrawalId, address],
      );
      await tx.query(
        `INSERT INTO ledger (address, credit_type, amount, kind, ref) VALUES ($1, $2, $3::numeric, 'withdraw', $4)`,
        [address, body.credit_type, (-amount).toString(), `withdrawal:${withdrawalId}`],
      );
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

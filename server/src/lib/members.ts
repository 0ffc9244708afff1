/** Rules shared by the member routes: a registered member, and a payment proven on chain and booked once. */
import { isAddressEqual, type Address, type Hash } from "viem";
import type { Queryable } from "../db/index.ts";
import * as members from "../data/members.ts";
import * as payments from "../data/payments.ts";
import { reject } from "./api.ts";
import type { PaymentFailure, PaymentTarget, VerifyPayment } from "./payments.ts";

/** The signed-in member, or a 4800 "please register first". */
export async function requireMember(db: Queryable, address: string): Promise<members.MemberRow> {
  const member = await members.find(db, address);
  if (!member) throw reject("notRegistered");
  return member;
}

const REASON_TEXT: Record<PaymentFailure, string> = {
  notFound: "transaction not found",
  failed: "transaction failed",
  unconfirmed: "not enough confirmations",
  mismatch: "no matching USDT transfer to the treasury",
  stale: "the transfer is older than this request",
  unavailable: "payment checks unavailable",
};

/**
 * Checks a payment on chain (through the app's verifier) and answers the block that holds it; refuses
 * a hash already booked, and a payment
 * from the treasury itself: whoever holds the treasury key would otherwise get machines (and referral
 * credit for its uplines) by moving its own funds back to itself.
 */
export async function checkPayment(
  db: Queryable,
  verifier: { verifyPayment: VerifyPayment; paymentTarget: PaymentTarget },
  claim: { hash: string; from: string; amount: bigint },
): Promise<{ blockNumber: bigint | null }> {
  if (isAddressEqual(claim.from as Address, verifier.paymentTarget.treasury)) throw reject("treasuryPayer");
  if (await payments.isHashUsed(db, claim.hash)) throw reject("hashUsed");
  const result = await verifier.verifyPayment({
    hash: claim.hash.toLowerCase() as Hash,
    from: claim.from.toLowerCase() as Address,
    amount: claim.amount,
  });
  if (!result.ok) throw reject("paymentInvalid", { reason: REASON_TEXT[result.reason] });
  return { blockNumber: result.blockNumber ?? null };
}

/**
 * Books a verified payment inside the caller's transaction (`payments.book`: to the first UTC day not
 * settled yet); a hash booked already, also by a concurrent submission, is a 4800 "hash used".
 */
export async function bookPayment(
  tx: Queryable,
  payment: { hash: string; address: string; purpose: payments.Purpose; amount: bigint },
): Promise<void> {
  if (!(await payments.book(tx, payment))) throw reject("hashUsed");
}

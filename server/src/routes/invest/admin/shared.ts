/** Shared parts of the operator routes: the state errors as 4800 answers, and the request view. */
import type { FastifyRequest } from "fastify";
import type { Db } from "../../../db/index.ts";
import * as withdrawals from "../../../data/withdrawals.ts";
import { reject } from "../../../lib/api.ts";
import {
  moveWithdrawal,
  NotApproverError,
  PayoutHashUsedError,
  WithdrawalStateError,
  type MoveDetails,
  type WithdrawalStatus,
} from "../../../lib/withdrawals.ts";

/** A request that must exist, else 4800 "No such withdrawal". */
export async function requireWithdrawal(db: Db, id: number): Promise<withdrawals.WithdrawalView> {
  const withdrawal = await withdrawals.find(db, id);
  if (!withdrawal) throw reject("withdrawalNotFound");
  return withdrawal;
}

export function stateRejection(id: number, to: WithdrawalStatus, current: WithdrawalStatus | null) {
  return current === null
    ? reject("withdrawalNotFound")
    : reject("withdrawalState", { id, status: current, to });
}

/** Moves a request as the signed-in operator and answers its new state; refusals are 4800. */
export async function operatorMove(
  request: FastifyRequest,
  id: number,
  to: WithdrawalStatus,
  details: Omit<MoveDetails, "actor"> = {},
): Promise<withdrawals.WithdrawalView> {
  const operator = request.session!.address.toLowerCase();
  try {
    const { address } = await moveWithdrawal(request.server.db, id, to, { ...details, actor: operator });
    // Committed: a rejection refunded the member's balance (`my` must show it at once).
    request.server.memberCache.invalidate(address);
  } catch (error) {
    if (error instanceof WithdrawalStateError) throw stateRejection(id, to, error.current);
    if (error instanceof PayoutHashUsedError) throw reject("hashUsed");
    if (error instanceof NotApproverError) throw reject("notApprover", { id, approver: error.approver });
    throw error;
  }
  request.log.info(
    { operator, withdrawalId: id, to, payoutTxHash: details.payoutTxHash },
    "withdrawal moved",
  );
  return requireWithdrawal(request.server.db, id);
}

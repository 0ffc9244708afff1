import { useCallback } from "react";
import { type Address } from "viem";
import { useTransaction } from "../../../app/useTransaction";
import { holdDividend, lpDividend, nodeReward } from "../contracts";

/**
 * The distributors' writes, all through the shared transaction path. Members: claim the hold dividend, the
 * LP dividend and node rewards, (re)credit their hold share, stake LP (approved first) and unstake it.
 */
export function useRewardActions() {
  const send = useTransaction();
  return {
    claimHold: useCallback(() => send({ ...holdDividend, functionName: "claim", args: [] }), [send]),
    claimLp: useCallback(() => send({ ...lpDividend, functionName: "claim", args: [] }), [send]),
    claimNode: useCallback(() => send({ ...nodeReward, functionName: "claim", args: [] }), [send]),
    updateHold: useCallback(
      (account: Address) => send({ ...holdDividend, functionName: "updateUser", args: [account] }),
      [send],
    ),
    stakeLp: useCallback(
      (lpToken: Address, amount: bigint) =>
        send({
          ...lpDividend,
          functionName: "stake",
          args: [amount],
          spend: { token: lpToken, spender: lpDividend.address, amount },
        }),
      [send],
    ),
    unstakeLp: useCallback(
      (amount: bigint) => send({ ...lpDividend, functionName: "unstake", args: [amount] }),
      [send],
    ),
  };
}

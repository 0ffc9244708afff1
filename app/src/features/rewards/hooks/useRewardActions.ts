import { useCallback } from "react";
import { type Address } from "viem";
import { useTransaction } from "../../../app/useTransaction";
import { sendRewardGasLimit } from "../../../lib/sendReward";
import { LP, HOLD, NODE } from "./rewardHandles";

/**
 * The distributors' writes, all through the shared transaction path. Members: claim the hold dividend, the
 * LP dividend and node rewards, (re)credit their hold share, stake LP (approved first) and unstake it.
 * Managers (the manager area imports these): run a `sendReward` round and set a member's node classes.
 */
export function useRewardActions() {
  const send = useTransaction();
  return {
    claimHold: useCallback(() => send({ ...HOLD, functionName: "claim", args: [] }), [send]),
    claimLp: useCallback(() => send({ ...LP, functionName: "claim", args: [] }), [send]),
    claimNode: useCallback(() => send({ ...NODE, functionName: "claim", args: [] }), [send]),
    updateHold: useCallback(
      (account: Address) => send({ ...HOLD, functionName: "updateUser", args: [account] }),
      [send],
    ),
    stakeLp: useCallback(
      (lpToken: Address, amount: bigint) =>
        send({
          ...LP,
          functionName: "stake",
          args: [amount],
          spend: { token: lpToken, spender: LP.address, amount },
        }),
      [send],
    ),
    unstakeLp: useCallback(
      (amount: bigint) => send({ ...LP, functionName: "unstake", args: [amount] }),
      [send],
    ),
    sendReward: useCallback(
      (gas: bigint) =>
        send({ ...LP, functionName: "sendReward", args: [gas], minGas: sendRewardGasLimit(gas) }),
      [send],
    ),
    setUserForce: useCallback(
      (account: Address, a: boolean, b: boolean, c: boolean) =>
        send({ ...NODE, functionName: "setUserForce", args: [account, a, b, c] }),
      [send],
    ),
  };
}

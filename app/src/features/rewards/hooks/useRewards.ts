import { pairAbi } from "@taichi/contracts";
import { useCallback } from "react";
import { type Address, isAddressEqual, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { useTransaction } from "../../../lib/useTransaction";
import { appChain } from "../../../wagmi";
import { holdDividend, lpDividend, lpPair, nodeReward } from "../contracts";
import { sendRewardGasLimit } from "../logic";

/**
 * The member's LP dividend (LP staked, credited, paid, owed), hold dividend (credited tokens, owed, claimed),
 * node classes with rewards A/B/C and the LP it holds in its wallet, in one Multicall3 round trip. The wallet's
 * LP is read from the deployment's BurnToken/USDT pair, which is LpDividend's LP token (`getConfig().lp`);
 * only when that answers another token a second read (of that token) follows.
 */
export function useRewardsAccount(account: Address | undefined) {
  const gate = useReadGate();
  const who = account ?? zeroAddress;
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...lpDividend, functionName: "users", args: [who] },
      { ...holdDividend, functionName: "users", args: [who] },
      { ...nodeReward, functionName: "getUserInfo", args: [who] },
      { ...lpDividend, functionName: "getConfig" },
      { ...lpPair, functionName: "balanceOf", args: [who] },
    ],
    query: { enabled: !!account && gate },
  });
  const [lp, hold, node, lpConfig, pairBalance] = reads.data ?? [];
  const lpToken = lpConfig?.lp;
  const otherLp = !!lpToken && !isAddressEqual(lpToken, lpPair.address);
  const otherBalance = useReadContract({
    address: lpToken ?? zeroAddress,
    abi: pairAbi,
    chainId: appChain.id,
    functionName: "balanceOf",
    args: [who],
    query: { enabled: otherLp && !!account && gate },
  });
  return {
    lp,
    hold,
    node,
    lpToken,
    lpInWallet: !lpToken ? undefined : otherLp ? otherBalance.data : pairBalance,
    isError: reads.isError || otherBalance.isError,
    refetch: () => Promise.all([reads.refetch(), otherLp ? otherBalance.refetch() : undefined]),
  };
}

export type RewardsAccount = ReturnType<typeof useRewardsAccount>;

/**
 * The distributors' writes, all through the shared transaction path. Members: claim the hold dividend, the
 * LP dividend and node rewards, (re)credit their hold share, stake LP (approved first) and unstake it.
 * Managers (the manager area imports these): run a `sendReward` round and set a member's node classes.
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
    sendReward: useCallback(
      (gas: bigint) =>
        send({ ...lpDividend, functionName: "sendReward", args: [gas], minGas: sendRewardGasLimit(gas) }),
      [send],
    ),
    setUserForce: useCallback(
      (account: Address, a: boolean, b: boolean, c: boolean) =>
        send({ ...nodeReward, functionName: "setUserForce", args: [account, a, b, c] }),
      [send],
    ),
  };
}

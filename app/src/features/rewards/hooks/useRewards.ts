import { holdDividendAbi, lpDividendAbi, nodeRewardAbi, pairAbi } from "@taichi/contracts";
import { useCallback } from "react";
import { type Address, zeroAddress } from "viem";
import { useReadContracts } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { useTransaction } from "../../../lib/useTransaction";
import { appChain } from "../../../wagmi";
import { holdDividend, lpDividend, nodeReward } from "../contracts";

const LP = lpDividend ?? { address: zeroAddress, abi: lpDividendAbi, chainId: appChain.id };
const HOLD = holdDividend ?? { address: zeroAddress, abi: holdDividendAbi, chainId: appChain.id };
const NODE = nodeReward ?? { address: zeroAddress, abi: nodeRewardAbi, chainId: appChain.id };

/**
 * The member's LP dividend (LP staked, credited, paid, owed), hold dividend (credited tokens, owed, claimed)
 * and node classes with rewards A/B/C in one Multicall3 round trip; then the LP it holds in its wallet (the LP
 * token comes from `getConfig`).
 */
export function useRewardsAccount(account: Address | undefined) {
  const gate = useReadGate();
  const who = account ?? zeroAddress;
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...LP, functionName: "users", args: [who] },
      { ...HOLD, functionName: "users", args: [who] },
      { ...NODE, functionName: "getUserInfo", args: [who] },
      { ...LP, functionName: "getConfig" },
    ],
    query: { enabled: !!lpDividend && !!holdDividend && !!nodeReward && !!account && gate },
  });
  const [lp, hold, node, lpConfig] = reads.data ?? [];
  const lpToken = lpConfig?.lp;
  const wallet = useReadContracts({
    allowFailure: false,
    contracts: [
      {
        address: lpToken ?? zeroAddress,
        abi: pairAbi,
        chainId: appChain.id,
        functionName: "balanceOf",
        args: [who],
      },
    ],
    query: { enabled: !!lpToken && !!account && gate },
  });
  return {
    available: !!lpDividend && !!holdDividend && !!nodeReward,
    lp,
    hold,
    node,
    lpToken,
    lpInWallet: wallet.data?.[0],
    isError: reads.isError || wallet.isError,
    refetch: () => Promise.all([reads.refetch(), wallet.refetch()]),
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
      (gas: bigint) => send({ ...LP, functionName: "sendReward", args: [gas] }),
      [send],
    ),
    setUserForce: useCallback(
      (account: Address, a: boolean, b: boolean, c: boolean) =>
        send({ ...NODE, functionName: "setUserForce", args: [account, a, b, c] }),
      [send],
    ),
  };
}

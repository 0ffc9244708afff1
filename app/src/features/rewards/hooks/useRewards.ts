import { holdDividendAbi, lpDividendAbi, nodeRewardAbi, pairAbi } from "@taichi/contracts";
import { useCallback } from "react";
import { type Address, isAddressEqual, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { usdt } from "../../../contracts";
import { contractAddress } from "../../../lib/deployments";
import { useReadGate } from "../../../lib/readGate";
import { useTransaction } from "../../../lib/useTransaction";
import { appChain } from "../../../wagmi";
import { holdDividend, lpDividend, nodeReward } from "../contracts";
import { sendRewardGasLimit } from "../../../lib/sendReward";

const LP = lpDividend ?? { address: zeroAddress, abi: lpDividendAbi, chainId: appChain.id };
const HOLD = holdDividend ?? { address: zeroAddress, abi: holdDividendAbi, chainId: appChain.id };
const NODE = nodeReward ?? { address: zeroAddress, abi: nodeRewardAbi, chainId: appChain.id };

/** The LP LpDividend is deployed with (`getConfig().lp`, set once at initialization): BurnToken's USDT pair. */
const LP_PAIR = contractAddress(appChain.id, "Pair_BurnToken_Usdt");
// Without that pair in the deployment, an ERC-20 balanceOf that cannot fail (USDT's) holds its place.
const LP_PAIR_TOKEN = {
  address: LP_PAIR ?? usdt?.address ?? zeroAddress,
  abi: pairAbi,
  chainId: appChain.id,
} as const;

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
      { ...LP, functionName: "users", args: [who] },
      { ...HOLD, functionName: "users", args: [who] },
      { ...NODE, functionName: "getUserInfo", args: [who] },
      { ...LP, functionName: "getConfig" },
      { ...LP_PAIR_TOKEN, functionName: "balanceOf", args: [who] },
    ],
    query: { enabled: !!lpDividend && !!holdDividend && !!nodeReward && !!account && gate },
  });
  const [lp, hold, node, lpConfig, pairBalance] = reads.data ?? [];
  const lpToken = lpConfig?.lp;
  const otherLp = !!lpToken && (!LP_PAIR || !isAddressEqual(lpToken, LP_PAIR));
  const otherBalance = useReadContract({
    address: lpToken ?? zeroAddress,
    abi: pairAbi,
    chainId: appChain.id,
    functionName: "balanceOf",
    args: [who],
    query: { enabled: otherLp && !!account && gate },
  });
  return {
    available: !!lpDividend && !!holdDividend && !!nodeReward,
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

import { pairAbi } from "@taichi/contracts";
import { type Address, isAddressEqual, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { appChain } from "../../../app/wagmi";
import { holdDividend, lpDividend, lpPair, nodeReward } from "../contracts";

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

import { pairAbi } from "@taichi/contracts";
import { type Address, isAddressEqual, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { usdt } from "../../../app/contracts";
import { contractAddress } from "../../../lib/deployments";
import { useReadGate } from "../../../lib/readGate";
import { appChain } from "../../../app/wagmi";
import { holdDividend, lpDividend, nodeReward } from "../contracts";
import { LP, HOLD, NODE } from "./rewardHandles";

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

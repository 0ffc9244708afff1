import { swapTokenAbi } from "@taichi/contracts";
import { type Address, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { usdt } from "../../../app/contracts";
import { useReadGate } from "../../../lib/readGate";
import { appChain } from "../../../app/wagmi";
import { dataReader, staking, swapToken } from "../../../app/staking";

/**
 * The member's staking record, USDT balance, project-token balance, node status and the income rates,
 * in the same batch as the overview. The token balance is read from the deployment's SwapToken, which is
 * Staking's `token` unless a manager set another one; only then a second read (of that token) follows
 * the overview.
 */
export function useStakingAccount(account: Address | undefined, token: Address | undefined) {
  const who = account ?? zeroAddress;
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...staking, functionName: "users", args: [who] },
      { ...usdt, functionName: "balanceOf", args: [who] },
      { ...swapToken, functionName: "balanceOf", args: [who] },
      { ...staking, functionName: "nodes", args: [who] },
      { ...staking, functionName: "getIncomeRates" },
    ],
    query: { enabled: !!account && gate },
  });
  const otherToken = !!token && token.toLowerCase() !== swapToken.address.toLowerCase();
  const otherBalance = useReadContract({
    address: token ?? zeroAddress,
    abi: swapTokenAbi,
    chainId: appChain.id,
    functionName: "balanceOf",
    args: [who],
    query: { enabled: !!account && otherToken && gate },
  });
  const income = useReadContract({
    ...dataReader,
    functionName: "getIncome",
    args: [who],
    query: { enabled: !!account && gate },
  });
  const [user, usdtBalance, swapTokenBalance, nodeInfo, rates] = reads.data ?? [];
  const tokenBalance = !token ? undefined : otherToken ? otherBalance.data : swapTokenBalance;
  const node = nodeInfo && { isNode: nodeInfo[0], reward: nodeInfo[1], count: nodeInfo[2] };
  return { user, usdtBalance, tokenBalance, node, rates, income: income.data, isError: reads.isError };
}

export type StakingAccount = ReturnType<typeof useStakingAccount>;

import { zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { multicall3 } from "../../../app/contracts";
import { useReadGate } from "../../../lib/readGate";
import { dataReader, staking } from "../../../app/staking";

/**
 * The staking contract's public state in one Multicall3 round trip: `getConfig`, `getConfigMulti`,
 * the project token and the latest block time (the chain's clock, for order states after time travel).
 */
export function useStakingOverview() {
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...staking, functionName: "getConfig" },
      { ...staking, functionName: "getConfigMulti" },
      { ...staking, functionName: "token" },
      { ...multicall3, functionName: "getCurrentBlockTimestamp" },
    ],
    query: { enabled: gate },
  });
  const [config, multi, token, blockTime] = reads.data ?? [];
  const price = useReadContract({
    ...dataReader,
    functionName: "tokenPrice",
    query: { enabled: gate },
  });
  return {
    config,
    multi,
    /** how a token deposit now would be valued (`DataReader.tokenPrice`) */
    tokenPrice: price.data,
    refetchTokenPrice: price.refetch,
    /** reads the tiers, settings and token price anew (after a deposit refused on stale terms) */
    refresh: () => Promise.all([reads.refetch(), price.refetch()]),
    token: token && token !== zeroAddress ? token : undefined,
    blockTime: blockTime === undefined ? undefined : Number(blockTime),
    readAt: reads.dataUpdatedAt ? Math.floor(reads.dataUpdatedAt / 1000) : undefined,
    isError: reads.isError,
  };
}

export type StakingOverview = ReturnType<typeof useStakingOverview>;

import { multicall3Abi } from "@taichi/contracts";
import { zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { multicall3 } from "../../../app/contracts";
import { useReadGate } from "../../../lib/readGate";
import { appChain } from "../../../app/wagmi";
import { DATA_READER, STAKING, dataReader, staking } from "../../../app/staking";

const MULTICALL = multicall3 ?? { address: zeroAddress, abi: multicall3Abi, chainId: appChain.id };

/**
 * The staking contract's public state in one Multicall3 round trip: `getConfig`, `getConfigMulti`,
 * the project token and the latest block time (the chain's clock, for order states after time travel).
 */
export function useStakingOverview() {
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...STAKING, functionName: "getConfig" },
      { ...STAKING, functionName: "getConfigMulti" },
      { ...STAKING, functionName: "token" },
      { ...MULTICALL, functionName: "getCurrentBlockTimestamp" },
    ],
    query: { enabled: !!staking && !!multicall3 && gate },
  });
  const [config, multi, token, blockTime] = reads.data ?? [];
  const price = useReadContract({
    ...DATA_READER,
    functionName: "tokenPrice",
    query: { enabled: !!dataReader && gate },
  });
  return {
    available: !!staking,
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

import { zeroAddress } from "viem";
import { useReadContracts } from "wagmi";
import {
  idoViews as ido,
  idoViewsAbi,
  multicall3Views as multicall3,
  multicall3ViewsAbi,
} from "../../../contractViews";
import { useReadGate } from "../../../lib/readGate";
import { useNow } from "../../../lib/useNow";
import { appChain } from "../../../wagmi";
import { chainNow, tierTokens } from "../logic";

const IDO = ido ?? { address: zeroAddress, abi: idoViewsAbi, chainId: appChain.id };
const MULTICALL = multicall3 ?? { address: zeroAddress, abi: multicall3ViewsAbi, chainId: appChain.id };

/**
 * The sale's public state in one Multicall3 round trip: `getConfig`, the priority window and rights,
 * the latest block time (for the chain's clock); the next buyer's tokens (`tokensFor(idoHas + 1)`)
 * follow from getConfig's tier prices, so no second round trip.
 * Failures are only logged by wagmi's query (spec section 8); `isError` lets the card say so.
 */
export function useIdoOverview() {
  const gate = useReadGate();
  const reads = useReadContracts({
    contracts: [
      { ...IDO, functionName: "getConfig" },
      { ...IDO, functionName: "PRIORITY_WINDOW" },
      { ...IDO, functionName: "MAX_PRIORITY_RIGHTS" },
      { ...MULTICALL, functionName: "getCurrentBlockTimestamp" },
    ],
    query: { enabled: !!ido && gate },
  });
  const [configRead, windowRead, rightsRead, blockRead] = reads.data ?? [];
  const config = configRead?.status === "success" ? configRead.result : undefined;
  const blockTime = multicall3 && blockRead?.status === "success" ? Number(blockRead.result) : undefined;
  return {
    available: !!ido,
    config,
    priorityWindow: windowRead?.status === "success" ? windowRead.result : undefined,
    maxPriorityRights: rightsRead?.status === "success" ? rightsRead.result : undefined,
    nextTokens: config ? tierTokens(config, config.idoHas + 1n) : undefined,
    blockTime,
    readAt: reads.dataUpdatedAt ? Math.floor(reads.dataUpdatedAt / 1000) : undefined,
    isError: reads.isError || configRead?.status === "failure",
  };
}

export type IdoOverview = ReturnType<typeof useIdoOverview>;

/**
 * The chain's clock in unix seconds, ticking every second (see `chainNow`), and how far it runs ahead
 * of the local clock (`offset`: a `<Countdown>` ticks locally, so its target is shifted by it).
 */
export function useChainNow(overview: Pick<IdoOverview, "blockTime" | "readAt">): {
  now: number;
  offset: number;
} {
  const local = useNow();
  const now = chainNow(local, overview.blockTime, overview.readAt);
  return { now, offset: now - local };
}

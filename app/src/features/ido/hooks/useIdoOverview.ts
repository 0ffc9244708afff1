import { isAddressEqual, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import {
  idoViews,
  multicall3Views,
  swapTokenViews,
  tokenViewsAbi,
  usdtViews,
} from "../../../app/contractViews";
import { useReadGate } from "../../../lib/readGate";
import { useNow } from "../../../lib/useNow";
import { appChain } from "../../../app/wagmi";
import { type SalePhase, type StageInfo, idoStage, salePhase, tierTokens } from "../logic";
import { chainNow } from "../../../lib/chainClock";

/**
 * The sale's public state in one Multicall3 round trip: `getConfig`, the priority window and rights,
 * the latest block time (for the chain's clock); the next buyer's tokens (`tokensFor(idoHas + 1)`)
 * follow from getConfig's tier prices, so no second round trip. The sold token's and USDT's symbols
 * come in the same batch (the deployment's SwapToken); only an Ido selling another token reads its
 * symbol in a second request.
 * Read failures are only logged by wagmi's query, never toasted; `isError` lets the card say so.
 */
export function useIdoOverview() {
  const gate = useReadGate();
  const reads = useReadContracts({
    contracts: [
      { ...idoViews, functionName: "getConfig" },
      { ...idoViews, functionName: "PRIORITY_WINDOW" },
      { ...idoViews, functionName: "MAX_PRIORITY_RIGHTS" },
      { ...multicall3Views, functionName: "getCurrentBlockTimestamp" },
      { ...idoViews, functionName: "swapToken" },
      { ...swapTokenViews, functionName: "symbol" },
      { ...usdtViews, functionName: "symbol" },
    ],
    query: { enabled: gate },
  });
  const [configRead, windowRead, rightsRead, blockRead, soldRead, swapSymbolRead, usdtSymbolRead] =
    reads.data ?? [];
  const sold = soldRead?.status === "success" ? soldRead.result : undefined;
  const soldIsDeployed = !!sold && isAddressEqual(sold, swapTokenViews.address);
  const otherSymbol = useReadContract({
    address: sold,
    abi: tokenViewsAbi,
    functionName: "symbol",
    chainId: appChain.id,
    query: { enabled: !!sold && sold !== zeroAddress && !soldIsDeployed },
  });
  const tokenSymbol = soldIsDeployed
    ? swapSymbolRead?.status === "success"
      ? swapSymbolRead.result
      : undefined
    : otherSymbol.data;
  const config = configRead?.status === "success" ? configRead.result : undefined;
  const blockTime = blockRead?.status === "success" ? Number(blockRead.result) : undefined;
  return {
    config,
    priorityWindow: windowRead?.status === "success" ? windowRead.result : undefined,
    maxPriorityRights: rightsRead?.status === "success" ? rightsRead.result : undefined,
    nextTokens: config ? tierTokens(config, config.idoHas + 1n) : undefined,
    blockTime,
    /** the sold token's `symbol()`; undefined while unknown (no token set yet, or loading) */
    tokenSymbol,
    /** the payment token's `symbol()` (USDT) */
    paySymbol: usdtSymbolRead?.status === "success" ? usdtSymbolRead.result : "USDT",
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

/** The sale's stage and phase at the chain's clock (ticking), undefined until the config is read. */
export function useSalePhase(
  overview: IdoOverview,
): (StageInfo & { phase: SalePhase; countdownTo?: number; offset: number; now: number }) | undefined {
  const { now, offset } = useChainNow(overview);
  const { config, priorityWindow } = overview;
  if (!config || priorityWindow === undefined) return undefined;
  const stage = idoStage({ ...config, priorityWindow }, now);
  return { ...stage, ...salePhase(stage, config.extractTime, now), offset, now };
}

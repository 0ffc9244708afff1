import { isAddressEqual, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import {
  idoViews as ido,
  idoViewsAbi,
  multicall3Views as multicall3,
  multicall3ViewsAbi,
  swapTokenViews,
  tokenViewsAbi,
  usdtViews,
} from "../../../app/contractViews";
import { useReadGate } from "../../../lib/readGate";
import { useNow } from "../../../lib/useNow";
import { appChain } from "../../../app/wagmi";
import { type SalePhase, type StageInfo, idoStage, salePhase, tierTokens } from "../logic";
import { chainNow } from "../../../lib/chainClock";

const IDO = ido ?? { address: zeroAddress, abi: idoViewsAbi, chainId: appChain.id };
const MULTICALL = multicall3 ?? { address: zeroAddress, abi: multicall3ViewsAbi, chainId: appChain.id };
const SWAP_TOKEN = swapTokenViews ?? { address: zeroAddress, abi: tokenViewsAbi, chainId: appChain.id };
const USDT = usdtViews ?? { address: zeroAddress, abi: tokenViewsAbi, chainId: appChain.id };

/**
 * The sale's public state in one Multicall3 round trip: `getConfig`, the priority window and rights,
 * the latest block time (for the chain's clock); the next buyer's tokens (`tokensFor(idoHas + 1)`)
 * follow from getConfig's tier prices, so no second round trip. The sold token's and USDT's symbols
 * come in the same batch (the deployment's SwapToken); only an Ido selling another token reads its
 * symbol in a second request.
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
      { ...IDO, functionName: "swapToken" },
      { ...SWAP_TOKEN, functionName: "symbol" },
      { ...USDT, functionName: "symbol" },
    ],
    query: { enabled: !!ido && gate },
  });
  const [configRead, windowRead, rightsRead, blockRead, soldRead, swapSymbolRead, usdtSymbolRead] =
    reads.data ?? [];
  const sold = soldRead?.status === "success" ? soldRead.result : undefined;
  const soldIsDeployed = !!sold && !!swapTokenViews && isAddressEqual(sold, swapTokenViews.address);
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
  const blockTime = multicall3 && blockRead?.status === "success" ? Number(blockRead.result) : undefined;
  return {
    available: !!ido,
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

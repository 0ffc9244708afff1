import { burnTokenAbi, miningTokenAbi } from "@taichi/contracts";
import { type Address, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { multicall3, usdt } from "../../../app/contracts";
import { useReadGate } from "../../../lib/readGate";
import { appChain } from "../../../app/wagmi";
import { type SwapTokenInfo, pairHandle, tokenHandle } from "../contracts";
import { type FeeRates } from "../logic";

const NO_FEE: FeeRates = { burn: 0, pool: 0, node: 0, market: 0, dividend: 0 };

/**
 * One token's market in one Multicall3 round trip: its fee tables, swap-and-liquify threshold and
 * pooled fees (tokens and USDT), whether trading is open, its supply, the pair's reserves, the
 * chain's time, and the member's balances and fee exemption. The BurnToken's burn phase and the
 * MiningToken's autoSwap come from their `getConfig`.
 */
export function useSwapMarket(token: SwapTokenInfo | undefined, account: Address | undefined) {
  const gate = useReadGate();
  const t = tokenHandle(token?.address ?? zeroAddress);
  const who = account ?? zeroAddress;
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...t, functionName: "getFees" },
      { ...t, functionName: "getSwapSettings" },
      { ...t, functionName: "balanceOf", args: [t.address] },
      { ...usdt, functionName: "balanceOf", args: [t.address] },
      { ...t, functionName: "tradingOpen" },
      { ...t, functionName: "totalSupply" },
      { ...pairHandle(token?.pair ?? zeroAddress), functionName: "getReserves" },
      { ...multicall3, functionName: "getCurrentBlockTimestamp" },
      { ...usdt, functionName: "balanceOf", args: [who] },
      { ...t, functionName: "balanceOf", args: [who] },
      { ...t, functionName: "isFeeExempt", args: [who] },
    ],
    query: { enabled: !!token && gate },
  });
  const burnConfig = useReadContract({
    address: token?.address ?? zeroAddress,
    abi: burnTokenAbi,
    chainId: appChain.id,
    functionName: "getConfig",
    query: { enabled: token?.name === "BurnToken" && gate },
  });
  const miningConfig = useReadContract({
    address: token?.address ?? zeroAddress,
    abi: miningTokenAbi,
    chainId: appChain.id,
    functionName: "getConfig",
    query: { enabled: token?.name === "MiningToken" && gate },
  });
  const [
    fees,
    swapSettings,
    pooled,
    pooledUsdt,
    open,
    supply,
    reserves,
    blockTime,
    usdtBalance,
    tokenBalance,
    exempt,
  ] = reads.data ?? [];
  // the pair orders its reserves by address
  const tokenIsToken0 = !!token && token.address.toLowerCase() < usdt.address.toLowerCase();
  return {
    // an exempt account (the owner, the holder, paying contracts) trades without the token's fee
    fees: fees && (exempt ? { buy: NO_FEE, sell: NO_FEE } : { buy: fees[0], sell: fees[1] }),
    swapThreshold: swapSettings?.[0],
    pooled,
    pooledUsdt,
    /** false when sells never start swap-and-liquify (MiningToken with autoSwap off) */
    autoSwap: token?.name === "MiningToken" ? miningConfig.data?.autoSwap : true,
    tradingOpen: open,
    totalSupply: supply,
    reserves: reserves && {
      token: tokenIsToken0 ? reserves[0] : reserves[1],
      usdt: tokenIsToken0 ? reserves[1] : reserves[0],
    },
    blockTime: blockTime === undefined ? undefined : Number(blockTime),
    balances: account ? { usdt: usdtBalance, token: tokenBalance } : undefined,
    burnConfig: token?.name === "BurnToken" ? burnConfig.data : undefined,
    isError: reads.isError || burnConfig.isError || miningConfig.isError,
  };
}

export type SwapMarket = ReturnType<typeof useSwapMarket>;

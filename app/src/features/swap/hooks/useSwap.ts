import { burnTokenAbi, miningTokenAbi } from "@taichi/contracts";
import { useState } from "react";
import { type Address, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { multicall3, usdt } from "../../../contracts";
import { announcementOf } from "../../../lib/announcement";
import { useReadGate } from "../../../lib/readGate";
import { readStored, writeStored } from "../../../store";
import { appChain } from "../../../wagmi";
import { type SwapTokenInfo, lpSwap, pairHandle, router, swapTokens, tokenHandle } from "../contracts";
import {
  DEFAULT_DEADLINE_MIN,
  DEFAULT_SLIPPAGE_BPS,
  type FeeRates,
  MAX_DEADLINE_MIN,
  MAX_SLIPPAGE_BPS,
  MIN_SLIPPAGE_BPS,
  storedNumber,
} from "../logic";

/** localStorage keys of the swap settings (the page's own, beside the fixed ones in store.ts). */
export const SLIPPAGE_KEY = "swapSlippage";
export const DEADLINE_KEY = "swapDeadline";

/** Slippage (basis points) and deadline (minutes), persisted in localStorage. */
export function useSwapSettings() {
  const [slippageBps, setSlippage] = useState(() =>
    storedNumber(readStored(SLIPPAGE_KEY), MIN_SLIPPAGE_BPS, MAX_SLIPPAGE_BPS, DEFAULT_SLIPPAGE_BPS),
  );
  const [deadlineMin, setDeadline] = useState(() =>
    storedNumber(readStored(DEADLINE_KEY), 1, MAX_DEADLINE_MIN, DEFAULT_DEADLINE_MIN),
  );
  return {
    slippageBps,
    deadlineMin,
    setSlippageBps(bps: number) {
      setSlippage(bps);
      writeStored(SLIPPAGE_KEY, String(bps));
    },
    setDeadlineMin(minutes: number) {
      setDeadline(minutes);
      writeStored(DEADLINE_KEY, String(minutes));
    },
  };
}

export type SwapSettings = ReturnType<typeof useSwapSettings>;

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

/** The symbol of each token in `swapTokens` (the deployment's names until they are read). */
export function useTokenSymbols(): string[] {
  const gate = useReadGate();
  const symbols = useReadContracts({
    allowFailure: false,
    contracts: swapTokens.map((x) => ({ ...tokenHandle(x.address), functionName: "symbol" }) as const),
    query: { enabled: gate },
  });
  return swapTokens.map((x, i) => symbols.data?.[i] ?? x.name);
}

/** The router's quote `getAmountsOut(amountIn, path)[1]`, read when there is something to quote. */
export function useRouterQuote(path: readonly [Address, Address] | undefined, amountIn: bigint | undefined) {
  const gate = useReadGate();
  const quote = useReadContract({
    ...router,
    functionName: "getAmountsOut",
    args: path && amountIn !== undefined ? [amountIn, [...path]] : undefined,
    query: { enabled: !!path && amountIn !== undefined && amountIn > 0n && gate },
  });
  return { out: quote.data?.[1], isError: quote.isError, isFetching: quote.isFetching };
}

/**
 * The member's LP swap position (`getUserInfo`), the schedule (`getConfig`), the change announced
 * (`announcement`, with the chain's time while one is), and their LP and token balances; the LP and token
 * addresses come from `getContracts`.
 */
export function useLpSwapAccount(account: Address | undefined) {
  const gate = useReadGate();
  const who = account ?? zeroAddress;
  const base = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...lpSwap, functionName: "getConfig" },
      { ...lpSwap, functionName: "getContracts" },
      { ...lpSwap, functionName: "getUserInfo", args: [who] },
      { ...lpSwap, functionName: "announcement" },
      { ...lpSwap, functionName: "EXIT_WINDOW" },
    ],
    query: { enabled: gate },
  });
  const [config, contracts, user, announced, exitWindow] = base.data ?? [];
  const announcement = announcementOf(announced, exitWindow);
  // the chain's clock, for when the announced change may land (a test chain's may run ahead)
  const block = useReadContract({
    ...multicall3,
    functionName: "getCurrentBlockTimestamp",
    query: { enabled: !!announcement && gate },
  });
  const [lp, token] = contracts ?? [];
  const balances = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...pairHandle(lp ?? zeroAddress), functionName: "balanceOf", args: [who] },
      { ...tokenHandle(token ?? zeroAddress), functionName: "balanceOf", args: [who] },
      { ...tokenHandle(token ?? zeroAddress), functionName: "symbol" },
    ],
    query: { enabled: !!lp && !!token && gate },
  });
  const [lpBalance, tokenBalance, tokenSymbol] = balances.data ?? [];
  return {
    config,
    lp,
    token,
    user: account ? user : undefined,
    announcement,
    blockTime: block.data === undefined ? undefined : Number(block.data),
    blockReadAt: block.dataUpdatedAt ? Math.floor(block.dataUpdatedAt / 1000) : undefined,
    lpBalance: account ? lpBalance : undefined,
    tokenBalance: account ? tokenBalance : undefined,
    tokenSymbol,
    isError: base.isError || balances.isError,
  };
}

export type LpSwapAccount = ReturnType<typeof useLpSwapAccount>;

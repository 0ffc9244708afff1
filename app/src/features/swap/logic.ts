import { type Dex, getAmountOut } from "@taichi/contracts/dex";
import { RATE_DENOMINATOR } from "../../lib/format";

/** A buy spends USDT for a project token; a sell spends the token for USDT (docs/tokens.md). */
export type Side = "buy" | "sell";

/** One side of a token's fee table (`getFees()`), rates in basis points. */
export type FeeRates = { burn: number; pool: number; node: number; market: number; dividend: number };

/** Slippage presets (basis points) and the bounds of a custom value. */
export const SLIPPAGE_PRESETS = [10, 50, 100] as const;
export const DEFAULT_SLIPPAGE_BPS = 50;
export const MIN_SLIPPAGE_BPS = 1;
export const MAX_SLIPPAGE_BPS = 5000;
/** Above this the page warns that the trade may be front-run. */
export const HIGH_SLIPPAGE_BPS = 500;
/** Above this the page warns about the price impact and the review asks for an explicit confirmation. */
export const HIGH_IMPACT_BPS = 500;
/** Above this the review asks for the confirmation phrase to be typed (PancakeSwap's expert mode). */
export const TYPED_IMPACT_BPS = 1500;

/** What sending a swap of this price impact takes after the review: a click, a tick, or a typed phrase. */
export type ImpactGuard = "none" | "acknowledge" | "typed";

export function impactGuard(priceImpactBps: bigint): ImpactGuard {
  if (priceImpactBps > BigInt(TYPED_IMPACT_BPS)) return "typed";
  if (priceImpactBps > BigInt(HIGH_IMPACT_BPS)) return "acknowledge";
  return "none";
}

/** Transaction deadline in minutes: default and bounds. */
export const DEFAULT_DEADLINE_MIN = 20;
export const MAX_DEADLINE_MIN = 4320;

export const totalRate = (f: FeeRates): bigint =>
  BigInt(f.burn) + BigInt(f.pool) + BigInt(f.node) + BigInt(f.market) + BigInt(f.dividend);

/** The token's fee on `amount`: floor(amount * total rate / 10000), as `FeeToken._feeTotal` rounds. */
export const feeOn = (amount: bigint, f: FeeRates): bigint => (amount * totalRate(f)) / RATE_DENOMINATOR;

/** What reaches the pair: a sell pays the token's sell fee out of the amount sent; a buy pays none going in. */
export function pairInput(side: Side, amountIn: bigint, sell: FeeRates): bigint {
  return side === "sell" ? amountIn - feeOn(amountIn, sell) : amountIn;
}

/**
 * How far the trade moves the price against the trader, in basis points, not counting the DEX fee:
 * 1 - (execution price / mid price) = in' / (reserveIn + in') with in' the input after the DEX's fee.
 */
export function priceImpactBps(pairIn: bigint, reserveIn: bigint, dex: Dex): bigint {
  if (pairIn <= 0n || reserveIn <= 0n) return 0n;
  const inWithFee = pairIn * (RATE_DENOMINATOR - BigInt(dex.feeBps));
  return (inWithFee * RATE_DENOMINATOR) / (reserveIn * RATE_DENOMINATOR + inWithFee);
}

export type QuoteInput = {
  side: Side;
  /** what the trader spends */
  amountIn: bigint;
  /** the router's `getAmountsOut(pairInput, path)[1]`: what the pair releases */
  routerOut: bigint;
  buy: FeeRates;
  sell: FeeRates;
  /** false when the token moves its burn share to the pool instead (BurnToken past its phase or floor) */
  burns: boolean;
  /** the pair's reserve of the input asset, for the price impact */
  reserveIn: bigint;
  slippageBps: number;
  /** the chain's DEX (its fee), from the deployment file */
  dex: Dex;
};

export type Quote = {
  /** what reaches the pair (after the sell fee) */
  pairIn: bigint;
  /** the token's fee, in tokens (taken from what the pair releases on a buy, from what is sent on a sell) */
  fee: bigint;
  /** tokens burned by the fee */
  burn: bigint;
  /** what the trader receives when nothing moves */
  received: bigint;
  /** the router's `amountOutMin`: `received` less the slippage tolerance */
  minReceived: bigint;
  priceImpactBps: bigint;
};

/**
 * The full quote for a swap on the fee-on-transfer router path. A buy receives what the pair
 * releases less the buy fee; a sell gets the router's output for what reached the pair. The
 * router's `swapExactTokensForTokensSupportingFeeOnTransferTokens` checks the trader's balance
 * increase against `minReceived`, so the token's own fee never counts as slippage.
 */
export function quoteSwap(q: QuoteInput): Quote {
  const pairIn = pairInput(q.side, q.amountIn, q.sell);
  const feeBase = q.side === "buy" ? q.routerOut : q.amountIn;
  const rates = q.side === "buy" ? q.buy : q.sell;
  const fee = feeOn(feeBase, rates);
  const burn = q.burns ? (feeBase * BigInt(rates.burn)) / RATE_DENOMINATOR : 0n;
  const received = q.side === "buy" ? q.routerOut - fee : q.routerOut;
  return {
    pairIn,
    fee,
    burn,
    received,
    minReceived: minAfterSlippage(received, q.slippageBps),
    priceImpactBps: priceImpactBps(pairIn, q.reserveIn, q.dex),
  };
}

export const minAfterSlippage = (amount: bigint, slippageBps: number): bigint =>
  (amount * (RATE_DENOMINATOR - BigInt(slippageBps))) / RATE_DENOMINATOR;

/**
 * Whether a BurnToken burns its burn share now (BurnToken._burnAllowed): inside the burn phase
 * (`burnTime` 0 means no end) and only if the supply stays at or above `burnMin`.
 */
export function burnTokenBurns(
  c: { openTime: bigint; burnTime: bigint; burnMin: bigint },
  totalSupply: bigint,
  burnShare: bigint,
  now: number,
): boolean {
  if (c.burnTime !== 0n && !(BigInt(now) < c.openTime + c.burnTime)) return false;
  return totalSupply >= c.burnMin + burnShare;
}

/** A slippage typed in percent ("0.5") -> basis points; undefined unless a number within the bounds. */
export function parseSlippage(text: string): number | undefined {
  const input = text.trim();
  if (!/^(\d+\.?\d{0,2}|\.\d{1,2})$/.test(input)) return undefined;
  const [int = "0", frac = ""] = input.split(".");
  const bps = Number(int || "0") * 100 + Number(frac.padEnd(2, "0"));
  return bps >= MIN_SLIPPAGE_BPS && bps <= MAX_SLIPPAGE_BPS ? bps : undefined;
}

/** A deadline typed in whole minutes, or undefined when outside [1, MAX_DEADLINE_MIN]. */
export function parseDeadline(text: string): number | undefined {
  if (!/^\d{1,4}$/.test(text.trim())) return undefined;
  const minutes = Number(text.trim());
  return minutes >= 1 && minutes <= MAX_DEADLINE_MIN ? minutes : undefined;
}

/** A stored setting, falling back to the default when missing or out of bounds (storage is user-editable). */
export function storedNumber(raw: string | null, min: number, max: number, fallback: number): number {
  if (raw === null || !/^\d+$/.test(raw)) return fallback;
  const n = Number(raw);
  return n >= min && n <= max ? n : fallback;
}

/** The router's deadline: `minutes` after the later of the local clock and the chain's last block. */
export function deadlineAt(localNow: number, blockTime: number | undefined, minutes: number): bigint {
  return BigInt(Math.max(localNow, blockTime ?? 0) + minutes * 60);
}

export type SwapBlock = "notConnected" | "wrongChain" | "loading" | "closed" | "noLiquidity" | "tooSmall";

/** Why the Swap button is disabled (before the amount's own validation), or undefined when it is not. */
export function swapBlockReason(i: {
  connected: boolean;
  wrongChain: boolean;
  tradingOpen: boolean | undefined;
  reserves: { token: bigint; usdt: bigint } | undefined;
  /** the quote's `minReceived` for a valid amount; undefined while there is none */
  minReceived: bigint | undefined;
  amountValid: boolean;
}): SwapBlock | undefined {
  if (!i.connected) return "notConnected";
  if (i.wrongChain) return "wrongChain";
  if (i.tradingOpen === undefined || !i.reserves) return "loading";
  if (!i.tradingOpen) return "closed";
  if (i.reserves.token === 0n || i.reserves.usdt === 0n) return "noLiquidity";
  // a minimum of 0 would be no protection at all: the swap could land for nothing
  if (i.amountValid && i.minReceived === 0n) return "tooSmall";
  return undefined;
}

/** USDT per token from the reserves, 18 decimals (display only, like the token's `getPrice`). */
export function spotPrice(reserves: { token: bigint; usdt: bigint }): bigint {
  return reserves.token === 0n ? 0n : (reserves.usdt * 10n ** 18n) / reserves.token;
}

/**
 * The pair's reserves after the token's swap-and-liquify (FeeToken._swapAndLiquify), which a sell runs
 * first once the pooled fees reach the threshold: half of the token's balance is sold into the pair,
 * then the other half goes in as liquidity with the USDT the token holds, at the new price (the
 * router's addLiquidity takes the optimal amounts). The token's own transfers pay no fee meanwhile.
 */
export function liquifiedReserves(
  reserves: { token: bigint; usdt: bigint },
  pooledTokens: bigint,
  tokenUsdt: bigint,
  dex: Dex,
): { token: bigint; usdt: bigint } {
  const half = pooledTokens / 2n;
  const out = getAmountOut(half, reserves.token, reserves.usdt, dex);
  if (out === 0n) return reserves;
  const token = reserves.token + half;
  const usdt = reserves.usdt - out;
  const tokenDesired = pooledTokens - half;
  const usdtHeld = tokenUsdt + out;
  const usdtOptimal = (tokenDesired * usdt) / token;
  return usdtOptimal <= usdtHeld
    ? { token: token + tokenDesired, usdt: usdt + usdtOptimal }
    : { token: token + (usdtHeld * token) / usdt, usdt: usdt + usdtHeld };
}

/**
 * LpSwap: the rate (basis points a day) a top-up of `asset` would give up, or undefined. A position still
 * locked releases at the higher of its own rate and the current one (`rateLP` / `rateToken`); a member's
 * top-up moves the whole position to the current rate, so it slows down after a cut.
 */
export function topUpRateDrop(
  user: {
    amountLP: bigint;
    claimLP: bigint;
    pendingLP: bigint;
    rateLP: bigint;
    amountToken: bigint;
    claimToken: bigint;
    pendingToken: bigint;
    rateToken: bigint;
  },
  config: { lpRate: bigint; tokenRate: bigint },
  asset: "lp" | "token",
): bigint | undefined {
  const [amount, released, rate, current] =
    asset === "lp"
      ? [user.amountLP, user.claimLP + user.pendingLP, user.rateLP, config.lpRate]
      : [user.amountToken, user.claimToken + user.pendingToken, user.rateToken, config.tokenRate];
  return released < amount && rate > current ? rate : undefined;
}

/**
 * LpSwap: the lock the page sends, `swapLP(amount, minLpRate)` or `swapToken(amount, minTokenRate)`, with the
 * rate shown as the least the member accepts: a cut that lands first makes the lock revert
 * (`RateBelowExpected`) instead of moving the whole position to a rate the member never saw.
 */
export function lockCall(
  asset: "lp" | "token",
  amount: bigint,
  config: { lpRate: bigint; tokenRate: bigint },
): { functionName: "swapLP" | "swapToken"; args: readonly [bigint, bigint] } {
  return asset === "lp"
    ? { functionName: "swapLP", args: [amount, config.lpRate] }
    : { functionName: "swapToken", args: [amount, config.tokenRate] };
}

/** A member's LpSwap positions as `getUserInfo` reads them. */
export type LpPositions = {
  amountLP: bigint;
  claimLP: bigint;
  pendingLP: bigint;
  amountToken: bigint;
  claimToken: bigint;
  pendingToken: bigint;
};

/** What `closeEarly()` pays back of one asset: what is still locked, and what was released and not claimed. */
export type EarlyCloseAsset = { locked: bigint; released: bigint; total: bigint };

/**
 * What `closeEarly()` would pay the member now, per asset: everything still owed, its amount less what it
 * claimed (the still-locked part plus what was released and not claimed), and whether it may close at all
 * (something still locked: a position fully released is claimed with `claimLP` instead, `NoEarlyClose`).
 */
export function earlyCloseQuote(user: LpPositions): {
  lp: EarlyCloseAsset;
  token: EarlyCloseAsset;
  closable: boolean;
} {
  const asset = (amount: bigint, claimed: bigint, pending: bigint): EarlyCloseAsset => ({
    locked: amount - claimed - pending,
    released: pending,
    total: amount - claimed,
  });
  const lp = asset(user.amountLP, user.claimLP, user.pendingLP);
  const token = asset(user.amountToken, user.claimToken, user.pendingToken);
  return { lp, token, closable: lp.locked > 0n || token.locked > 0n };
}

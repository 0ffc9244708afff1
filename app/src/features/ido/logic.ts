/**
 * Pure rules of the presale page: the sale stage, the price tiers, why "Buy" is disabled and whether
 * tokens can be claimed. The contract decides (docs/ido.md); these only mirror it for the UI.
 */
import { RATE_DENOMINATOR } from "../../lib/format";

/** Participation numbers 1..TIER1_END get idoTokens1, up to TIER2_END idoTokens2, later idoTokens3 (fixed in the contract). */
export const TIER1_END = 1000n;
export const TIER2_END = 1500n;

export type IdoStage = "notStarted" | "priority" | "ongoing" | "soldOut" | "ended";

export type SaleSchedule = {
  startTime: bigint;
  endTime: bigint;
  idoHas: bigint;
  idoMax: bigint;
  /** seconds before startTime during which only priority holders may buy (PRIORITY_WINDOW) */
  priorityWindow: bigint;
};

export type StageInfo = {
  stage: IdoStage;
  /** unix seconds the countdown runs to (startTime before it, endTime while open), undefined when over */
  countdownTo?: number;
};

/**
 * The stage at `now` (unix seconds). Same boundaries as `ido()`: the priority window opens at
 * startTime - priorityWindow, everyone may buy from startTime, endTime itself is still open.
 */
export function idoStage(s: SaleSchedule, now: number): StageInfo {
  const t = BigInt(Math.floor(now));
  if (t > s.endTime) return { stage: "ended" };
  if (s.idoHas >= s.idoMax) return { stage: "soldOut" };
  if (t < s.startTime - s.priorityWindow) return { stage: "notStarted", countdownTo: Number(s.startTime) };
  if (t < s.startTime) return { stage: "priority", countdownTo: Number(s.startTime) };
  return { stage: "ongoing", countdownTo: Number(s.endTime) };
}

/**
 * What home and /ido say about the sale as a whole: before it (not started, priority window), open,
 * over (sold out or ended) while claims are not open yet, and once claims are open (from extractTime).
 * `countdownTo` is the next moment the page waits for: the start, the end, or the claim opening.
 */
export type SalePhase = "before" | "open" | "over" | "claims";

export function salePhase(
  stage: StageInfo,
  extractTime: bigint,
  now: number,
): { phase: SalePhase; countdownTo?: number } {
  if (stage.stage === "notStarted" || stage.stage === "priority")
    return { phase: "before", countdownTo: stage.countdownTo };
  if (stage.stage === "ongoing") return { phase: "open", countdownTo: stage.countdownTo };
  if (BigInt(Math.floor(now)) >= extractTime) return { phase: "claims" };
  return { phase: "over", countdownTo: Number(extractTime) };
}

/** Whether a YYYY-MM-DD day (UTC) has ended at `now` (unix seconds). */
export const dayHasPassed = (day: string, now: number): boolean =>
  now >= Date.parse(`${day}T00:00:00Z`) / 1000 + 86_400;

/** Price tier (1, 2 or 3) of participation number `n` (1-based). */
export function tierOf(n: bigint): 1 | 2 | 3 {
  if (n <= TIER1_END) return 1;
  if (n <= TIER2_END) return 2;
  return 3;
}

/** Tokens for participation number `n`, as the contract's `tokensFor(n)`: its tier's price from getConfig. */
export function tierTokens(
  config: { idoTokens1: bigint; idoTokens2: bigint; idoTokens3: bigint },
  n: bigint,
): bigint {
  if (n === 0n) return 0n;
  return [config.idoTokens1, config.idoTokens2, config.idoTokens3][tierOf(n) - 1]!;
}

/** Referral share of a payment: floor(amount * bps / 10000), as the contract rounds. */
export function shareOf(amount: bigint, bps: bigint): bigint {
  return (amount * bps) / RATE_DENOMINATOR;
}

/** Why the buy button is disabled; each maps to `ido.buyBlocked.<reason>`. */
export type BuyBlock =
  | "notConnected"
  | "wrongChain"
  | "loading"
  | "alreadyBought"
  | "notRegistered"
  | "notStarted"
  | "noPriority"
  | "ended"
  | "soldOut"
  | "balance";

export type BuyInput = {
  connected: boolean;
  wrongChain: boolean;
  stage: IdoStage | undefined;
  /** registry index of the account (getUserInfo.index); undefined while loading */
  registryIndex: bigint | undefined;
  idoIndex: bigint | undefined;
  hasPriority: boolean | undefined;
  usdtBalance: bigint | undefined;
  price: bigint | undefined;
};

/** The first reason the account cannot buy now, or undefined when "Buy" should be enabled. */
export function buyBlockReason(i: BuyInput): BuyBlock | undefined {
  if (!i.connected) return "notConnected";
  if (i.wrongChain) return "wrongChain";
  if (
    i.stage === undefined ||
    i.registryIndex === undefined ||
    i.idoIndex === undefined ||
    i.hasPriority === undefined ||
    i.usdtBalance === undefined ||
    i.price === undefined
  ) {
    return "loading";
  }
  if (i.idoIndex > 0n) return "alreadyBought";
  if (i.registryIndex === 0n) return "notRegistered";
  if (i.stage === "notStarted") return "notStarted";
  if (i.stage === "priority" && !i.hasPriority) return "noPriority";
  if (i.stage === "ended") return "ended";
  if (i.stage === "soldOut") return "soldOut";
  if (i.usdtBalance < i.price) return "balance";
  return undefined;
}

export type ClaimState = "notParticipant" | "claimed" | "notOpen" | "ready";

/** Whether the bought tokens can be claimed at `now` (claim() opens at extractTime, once). */
export function claimState(
  user: { idoIndex: bigint; balance: bigint },
  extractTime: bigint,
  now: number,
): ClaimState {
  if (user.idoIndex === 0n) return "notParticipant";
  if (user.balance === 0n) return "claimed";
  if (BigInt(Math.floor(now)) < extractTime) return "notOpen";
  return "ready";
}

/**
 * The purchase the page sends: `ido(maxAmount, minTokens)` with the price and the allotment shown (the next
 * participation's, `tokensFor(idoHas + 1)`), so a raise or a cut that lands first, or another purchase that
 * moves the buyer to the next tier, makes it revert (`PriceAboveExpected`, `TokensBelowExpected`) instead of
 * buying on terms the buyer never saw.
 */
export function buyArgs(config: { idoAmount: bigint }, shownTokens: bigint): readonly [bigint, bigint] {
  return [config.idoAmount, shownTokens];
}

/**
 * Pure rules of the staking, team and invitation pages. The contract decides (docs/economics.md);
 * these only mirror it for the UI.
 */

/** Basis points denominator of every rate. */
export const RATE_DENOMINATOR = 10_000n;
/** One project token (18 decimals): `fbPrice` is USDT (18 decimals) per token. */
export const ONE = 10n ** 18n;

/** The per-tier arrays of `getConfigMulti()`. */
export type TierArrays = {
  stakeDays: readonly bigint[];
  stakeRates: readonly bigint[];
  stakeStocks: readonly bigint[];
  stakeMins: readonly bigint[];
  stakeMaxs: readonly bigint[];
  stakeUserMaxs: readonly bigint[];
};

export type Tier = {
  index: number;
  days: bigint;
  /** basis points per day */
  rate: bigint;
  stock: bigint;
  min: bigint;
  max: bigint;
  userMax: bigint;
  /** `stakeDays` 0 closes a tier */
  open: boolean;
};

/** The 5 tiers as rows (index i of every array). */
export function tiersOf(m: TierArrays): Tier[] {
  return m.stakeDays.map((days, index) => ({
    index,
    days,
    rate: m.stakeRates[index] ?? 0n,
    stock: m.stakeStocks[index] ?? 0n,
    min: m.stakeMins[index] ?? 0n,
    max: m.stakeMaxs[index] ?? 0n,
    userMax: m.stakeUserMaxs[index] ?? 0n,
    open: days > 0n,
  }));
}

/** Basis points as a percent text without float error: 30 -> "0.3", 1095 -> "10.95", 0 -> "0". */
export function percentFromBps(bps: bigint): string {
  const whole = bps / 100n;
  const frac = (bps % 100n).toString().padStart(2, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : whole.toString();
}

/** Simple annual rate of a daily rate, in basis points: rate * 365. */
export function aprBps(dailyBps: bigint): bigint {
  return dailyBps * 365n;
}

/** Static income of an order, as the contract computes it: floor(amount * rate * days / 10,000). */
export function staticIncome(amount: bigint, dailyBps: bigint, days: bigint): bigint {
  return (amount * dailyBps * days) / RATE_DENOMINATOR;
}

/** Project tokens pulled for a deposit of `amount` USDT value at `fbPrice`: floor(amount * 1e18 / fbPrice). */
export function tokensFor(amount: bigint, fbPrice: bigint): bigint {
  if (fbPrice <= 0n) return 0n;
  return (amount * ONE) / fbPrice;
}

/** USDT value of `tokens` project tokens at `fbPrice` (floor), e.g. a token balance as a deposit bound. */
export function usdtValueOf(tokens: bigint, fbPrice: bigint): bigint {
  return (tokens * fbPrice) / ONE;
}

/**
 * The deposit amount rules of a tier (USDT value, 18 decimals) for `validateAmount`: inside
 * [stakeMins, stakeMaxs], not above the stock left nor the per-member maximum, not above what the
 * member can pay (`balance`, already converted to USDT value for token payments).
 */
export function depositRules(tier: Tier, balance: bigint | undefined) {
  const cap = tier.stock < tier.userMax ? tier.stock : tier.userMax;
  return {
    range: { min: tier.min, max: tier.max },
    max: cap,
    ...(balance === undefined ? {} : { balance }),
  };
}

export type OrderState = "inProgress" | "releasable" | "ended";

/**
 * State of an order read with `orders(index)` (there is no state view): released (`isValid` false)
 * is "ended"; before `endTime` "in progress"; from `endTime` (the contract's own boundary) "releasable".
 */
export function orderState(order: { isValid: boolean; endTime: bigint }, now: number): OrderState {
  if (!order.isValid) return "ended";
  return BigInt(Math.floor(now)) < order.endTime ? "inProgress" : "releasable";
}

/** Share of an order's lock time elapsed at `now`, 0..100 (whole percent). */
export function orderProgress(order: { startTime: bigint; endTime: bigint }, now: number): number {
  const span = order.endTime - order.startTime;
  if (span <= 0n) return 100;
  const done = BigInt(Math.floor(now)) - order.startTime;
  if (done <= 0n) return 0;
  if (done >= span) return 100;
  return Number((done * 100n) / span);
}

/** The contract's day index: floor(timestamp / dayTimes) (dayTeamAmounts, dayTeamUsers, dayUserAmounts). */
export function dayIndex(now: number, dayTimes: bigint): bigint {
  if (dayTimes <= 0n) return 0n;
  return BigInt(Math.floor(now)) / dayTimes;
}

/** Why "Deposit" is disabled; each maps to `stakes.blocked.<reason>` (amount errors show under the field). */
export type DepositBlock =
  "notConnected" | "wrongChain" | "loading" | "notRegistered" | "notOpen" | "tierClosed" | "tokenNotSet";

export type DepositInput = {
  connected: boolean;
  wrongChain: boolean;
  /** registry index of the account (`users(account).index`); undefined while loading */
  registryIndex: bigint | undefined;
  addTime: bigint | undefined;
  tier: Tier | undefined;
  isUSDT: boolean;
  /** the project token, undefined when not set */
  tokenSet: boolean;
  now: number;
};

/** The first reason the account cannot deposit now, or undefined. */
export function depositBlockReason(i: DepositInput): DepositBlock | undefined {
  if (!i.connected) return "notConnected";
  if (i.wrongChain) return "wrongChain";
  if (i.registryIndex === undefined || i.addTime === undefined || i.tier === undefined) return "loading";
  if (i.registryIndex === 0n) return "notRegistered";
  if (BigInt(Math.floor(i.now)) < i.addTime) return "notOpen";
  if (!i.tier.open) return "tierClosed";
  if (!i.isUSDT && !i.tokenSet) return "tokenNotSet";
  return undefined;
}

/**
 * Pure rules of the staking, team and invitation pages. The contract decides (docs/economics.md);
 * these only mirror it for the UI.
 */
import { RATE_DENOMINATOR, formatAmount } from "../../lib/format";
import type { Announcement } from "../../lib/announcement";

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

/** Staking's tier count (`Staking.TIERS`): what the page reserves space for before the chain answers. */
export const TIER_COUNT = 5;

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

/**
 * The arguments of the 6-argument `deposit`: tier, amount (USDT value), asset, then the terms the member saw
 * (the tier's lock in days and its daily rate as the page read them from `getConfigMulti`) and `maxPay`, what
 * the page showed the deposit takes of its asset (`paid`: the USDT amount, or the tokens worth it at the
 * price shown). The contract refuses a longer lock or a lower rate (`TermsChanged`) and a larger payment
 * (`PaymentTooHigh`) rather than open the order on other terms.
 */
export function depositArgs(tier: Tier, amount: bigint, isUSDT: boolean, paid: bigint) {
  return [BigInt(tier.index), amount, isUSDT, tier.days, tier.rate, paid] as const;
}

/** The messages of a deposit refused because what the member saw changed: the page reads the tiers and price anew. */
export const STALE_TERMS_MESSAGES: readonly string[] = [
  "stakes.errors.termsChanged",
  "stakes.errors.paymentTooHigh",
];

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

export type OrderState = "inProgress" | "releasable" | "ended" | "closedEarly";

/**
 * State of an order read with `orders(index)` (there is no state view): released (`isValid` false)
 * is "ended", or "closed early" when it was closed before its `endTime` (`closeEarly` runs only before it,
 * `release` only from it, both set `lastTime`); before `endTime` "in progress"; from `endTime` (the
 * contract's own boundary) "releasable".
 */
export function orderState(
  order: { isValid: boolean; endTime: bigint; lastTime?: bigint },
  now: number,
): OrderState {
  if (!order.isValid) {
    const last = order.lastTime ?? 0n;
    return last > 0n && last < order.endTime ? "closedEarly" : "ended";
  }
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
  | "notConnected"
  | "wrongChain"
  | "loading"
  | "notRegistered"
  | "notOpen"
  | "tierClosed"
  | "tokenNotSet"
  | "priceUnavailable"
  | "priceDeviation";

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
  /** why a token deposit now would be refused (`DataReader.tokenPrice().refusal`): "" when it would not */
  priceRefusal?: string;
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
  if (!i.isUSDT && i.priceRefusal === "PriceUnavailable") return "priceUnavailable";
  if (!i.isUSDT && i.priceRefusal === "PriceDeviation") return "priceDeviation";
  return undefined;
}

/**
 * When token deposits find a price again after an `updatePrice()` mined at `time` (chain seconds): one
 * `window` after the observation it kept (`exact`), or, when it kept none because one less than a window
 * old exists (someone refreshed first), one window after `time` at the latest.
 */
export function tokenDepositsFrom(
  update: { observed: boolean; time: bigint },
  window: bigint,
): { at: bigint; exact: boolean } {
  return { at: update.time + window, exact: update.observed };
}

/** The node dividend and acceleration rates (`getIncomeRates()`), basis points. */
export type IncomeRates = { nodeRate: bigint; exitRate: bigint; bottomRate: bigint; bottomFloor: bigint };

/** How an order's lock was shortened when it opened: `IStaking.Acceleration` 0, 1, 2 (DataReader.getOrders). */
export const ACCELERATIONS = ["none", "exit", "bottom"] as const;
export type Acceleration = (typeof ACCELERATIONS)[number];

export function accelerationOf(value: number): Acceleration {
  return ACCELERATIONS[value] ?? "none";
}

/**
 * The acceleration a new order gets, as `StakingMath.acceleration`: exit saves
 * `exitRate * min(dynamic, principal) / principal` bp of the lock, bottom `bottomRate` when
 * `dynamic * 10,000 <= principal * bottomFloor`; the larger wins, exit on a tie. `dynamic`: the
 * member's referral + team income so far; `principal`: what it deposited before (`users().actual`).
 */
export function accelerationFor(
  dynamic: bigint,
  principal: bigint,
  rates: IncomeRates,
): { kind: Acceleration; bps: bigint } {
  const capped = dynamic < principal ? dynamic : principal;
  const exit = principal === 0n ? 0n : (rates.exitRate * capped) / principal;
  const bottom = dynamic * RATE_DENOMINATOR > principal * rates.bottomFloor ? 0n : rates.bottomRate;
  if (exit !== 0n && exit >= bottom) return { kind: "exit", bps: exit };
  if (bottom !== 0n) return { kind: "bottom", bps: bottom };
  return { kind: "none", bps: 0n };
}

/**
 * The lock of a new order of `days` and the seconds its acceleration saves (rounded down, as the
 * contract; nothing saved means no acceleration, as `Accelerated` is then not emitted).
 */
export function newOrderLock(
  days: bigint,
  dayTimes: bigint,
  member: { rewardInvite: bigint; rewardTeam: bigint; actual: bigint },
  rates: IncomeRates,
): { kind: Acceleration; lock: bigint; saved: bigint } {
  const { kind, bps } = accelerationFor(member.rewardInvite + member.rewardTeam, member.actual, rates);
  const lock = days * dayTimes;
  const saved = (lock * bps) / RATE_DENOMINATOR;
  return { kind: saved > 0n ? kind : "none", lock, saved };
}

type OrderTimes = { lockDay: bigint; startTime: bigint; endTime: bigint };

/**
 * Seconds an accelerated order ends sooner than its tier's lock: `lockDay * dayTimes - (endTime -
 * startTime)`, with today's `dayTimes` (an order opened under another `dayTimes` is off by the change).
 * 0 for an order without acceleration.
 */
export function orderSavedSeconds(order: OrderTimes, acceleration: Acceleration, dayTimes: bigint): bigint {
  if (acceleration === "none") return 0n;
  const saved = order.lockDay * dayTimes - (order.endTime - order.startTime);
  return saved > 0n ? saved : 0n;
}

/** Seconds as days with up to 2 decimals, cut (never shown larger): 60,480 s of 86,400 -> "0.7". */
export function daysText(seconds: bigint, dayTimes: bigint): string {
  if (dayTimes <= 0n) return "0";
  return formatAmount((seconds * 100n) / dayTimes, { decimals: 2, fractionDigits: 2 });
}

/** An order as DataReader.getOrders returns it: the order, its asset and its acceleration. */
export type OrderRow = OrderTimes & {
  amount: bigint;
  rate: bigint;
  reward: bigint;
  isUSDT: boolean;
  acceleration: Acceleration;
};

export type AccelerationTotal = {
  /** accelerated orders */
  orders: number;
  /** their static income (USDT value), paid sooner */
  income: bigint;
  /** seconds saved over all of them */
  seconds: bigint;
};

/**
 * Exit and bottom acceleration in total over `orders`: the static income they brought forward (the
 * order's `reward` for USDT orders, its USDT value `amount * rate * lockDay / 10,000` for token orders)
 * and the lock time they saved.
 */
export function accelerationTotals(
  orders: readonly OrderRow[],
  dayTimes: bigint,
): Record<"exit" | "bottom", AccelerationTotal> {
  const totals = {
    exit: { orders: 0, income: 0n, seconds: 0n },
    bottom: { orders: 0, income: 0n, seconds: 0n },
  };
  for (const order of orders) {
    if (order.acceleration === "none") continue;
    const total = totals[order.acceleration];
    total.orders += 1;
    total.income += order.isUSDT ? order.reward : staticIncome(order.amount, order.rate, order.lockDay);
    total.seconds += orderSavedSeconds(order, order.acceleration, dayTimes);
  }
  return totals;
}

/**
 * Offsets of the `getOrders` pages read after the first one (offset 0, read with the page's first batch
 * before the total is known): the rest of the member's `total` orders, at most `max` orders in all, the
 * newest ones (the list shows the newest first).
 */
export function laterPageOffsets(total: bigint, page: bigint, max: bigint): bigint[] {
  const offsets: bigint[] = [];
  if (total <= page) return offsets;
  let from = total - (max - page);
  if (from < page) from = page;
  for (let offset = from; offset < total; offset += page) offsets.push(offset);
  return offsets;
}

/**
 * Whether `closeEarly(index)` accepts the order at `now` (the contract's `NoEarlyClose` rule): a change is
 * announced, the order opened before the announcement (`startTime < announcedAt`), it is open (not released
 * nor closed) and has not ended (`now < endTime`; an ended order is released instead).
 */
export function canCloseEarly(
  order: { isValid: boolean; lastTime: bigint; startTime: bigint; endTime: bigint },
  announcement: Pick<Announcement, "announcedAt"> | undefined,
  now: number,
): boolean {
  if (!announcement || !order.isValid || order.lastTime !== 0n) return false;
  return order.startTime < announcement.announcedAt && BigInt(Math.floor(now)) < order.endTime;
}

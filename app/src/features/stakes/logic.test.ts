import { describe, expect, it } from "vitest";
import {
  type OrderRow,
  accelerationFor,
  accelerationOf,
  accelerationTotals,
  aprBps,
  daysText,
  laterPageOffsets,
  tokenDepositsFrom,
  newOrderLock,
  orderSavedSeconds,
  dayIndex,
  depositArgs,
  depositBlockReason,
  depositRules,
  orderProgress,
  orderState,
  canCloseEarly,
  staticIncome,
  tiersOf,
  tokensFor,
  ONE,
  usdtValueOf,
} from "./logic";
import { validateAmount } from "../../lib/amount";
import { percentFromBps } from "../../lib/format";

const E = 10n ** 18n;
const multi = {
  stakeDays: [7n, 30n, 90n, 180n, 0n],
  stakeRates: [20n, 30n, 40n, 50n, 60n],
  stakeStocks: [10_000_000n * E, 150n * E, 1n, 1n, 1n],
  stakeMins: [100n * E, 100n * E, 1n, 1n, 1n],
  stakeMaxs: [100_000n * E, 100_000n * E, 1n, 1n, 1n],
  stakeUserMaxs: [200_000n * E, 200_000n * E, 1n, 1n, 1n],
};

describe("tiers", () => {
  it("zips the per-tier arrays; stakeDays 0 closes a tier", () => {
    const tiers = tiersOf(multi);
    expect(tiers).toHaveLength(5);
    expect(tiers[1]).toEqual({
      index: 1,
      days: 30n,
      rate: 30n,
      stock: 150n * E,
      min: 100n * E,
      max: 100_000n * E,
      userMax: 200_000n * E,
      open: true,
    });
    expect(tiers[4]!.open).toBe(false);
  });

  it("shows rates exactly", () => {
    expect(percentFromBps(20n)).toBe("0.2");
    expect(percentFromBps(aprBps(30n))).toBe("109.5");
    expect(percentFromBps(0n)).toBe("0");
    expect(percentFromBps(1n)).toBe("0.01");
  });

  it("computes static income as the contract (docs example: 1,000 USDT, 30 days at 30 bp = 90)", () => {
    expect(staticIncome(1000n * E, 30n, 30n)).toBe(90n * E);
    expect(staticIncome(1n, 20n, 7n)).toBe(0n); // rounds down
  });

  it("converts between USDT value and tokens at fbPrice", () => {
    expect(tokensFor(1000n * E, E / 2n)).toBe(2000n * E);
    expect(tokensFor(1000n * E, E)).toBe(1000n * E);
    expect(tokensFor(1n, 3n * E)).toBe(0n);
    expect(tokensFor(1n, 0n)).toBe(0n);
    expect(usdtValueOf(2000n * E, E / 2n)).toBe(1000n * E);
  });
});

describe("deposit amount rules", () => {
  const [t0, t1] = tiersOf(multi);
  it("min/max of the tier give the range message", () => {
    expect(validateAmount("99.99", depositRules(t0!, undefined))).toEqual({
      ok: false,
      message: { key: "common.amountRange" },
    });
    expect(validateAmount("100001", depositRules(t0!, undefined))).toMatchObject({ ok: false });
    expect(validateAmount("100", depositRules(t0!, undefined))).toEqual({ ok: true, value: 100n * E });
  });
  it("the stock left (or my max) caps with the maximum message", () => {
    expect(validateAmount("151", depositRules(t1!, undefined))).toEqual({
      ok: false,
      message: { key: "common.amountMax" },
    });
    expect(validateAmount("150", depositRules(t1!, undefined)).ok).toBe(true);
    // the member's own maximum, when below the stock left
    const mine = { ...t1!, userMax: 120n * E };
    expect(validateAmount("121", depositRules(mine, undefined))).toEqual({
      ok: false,
      message: { key: "common.amountMax" },
    });
    expect(validateAmount("120", depositRules(mine, undefined)).ok).toBe(true);
  });
  it("then the balance", () => {
    expect(validateAmount("200", depositRules(t0!, 150n * E))).toEqual({
      ok: false,
      message: { key: "common.balanceInsufficient" },
    });
  });
});

describe("order state (derived from orders(index))", () => {
  const order = { isValid: true, startTime: 1000n, endTime: 2000n };
  it("in progress before endTime, releasable from it, ended once released", () => {
    expect(orderState(order, 1999)).toBe("inProgress");
    expect(orderState(order, 1999.9)).toBe("inProgress");
    expect(orderState(order, 2000)).toBe("releasable");
    expect(orderState({ ...order, isValid: false }, 1500)).toBe("ended");
    expect(orderState({ ...order, isValid: false }, 3000)).toBe("ended");
  });
  it("closed early when it was closed before its endTime, released (ended) when at or after it", () => {
    expect(orderState({ ...order, isValid: false, lastTime: 1999n }, 3000)).toBe("closedEarly");
    expect(orderState({ ...order, isValid: false, lastTime: 1001n }, 1500)).toBe("closedEarly");
    expect(orderState({ ...order, isValid: false, lastTime: 2000n }, 3000)).toBe("ended");
    expect(orderState({ ...order, isValid: false, lastTime: 2500n }, 3000)).toBe("ended");
    // an open order's lastTime is 0: its state follows the clock
    expect(orderState({ ...order, lastTime: 0n }, 1500)).toBe("inProgress");
  });
  it("progress is a clamped whole percent", () => {
    expect(orderProgress(order, 500)).toBe(0);
    expect(orderProgress(order, 1500)).toBe(50);
    expect(orderProgress(order, 5000)).toBe(100);
    expect(orderProgress({ startTime: 5n, endTime: 5n }, 0)).toBe(100);
  });
});

describe("day index", () => {
  it("is floor(timestamp / dayTimes) like the contract", () => {
    expect(dayIndex(86_399, 86_400n)).toBe(0n);
    expect(dayIndex(86_400, 86_400n)).toBe(1n);
    expect(dayIndex(1_750_000_000.7, 86_400n)).toBe(20254n);
    expect(dayIndex(100, 0n)).toBe(0n);
  });
});

describe("depositArgs: the 6-argument deposit carries the terms shown", () => {
  const tier = tiersOf({
    stakeDays: [7n, 30n],
    stakeRates: [50n, 80n],
    stakeStocks: [0n, 0n],
    stakeMins: [0n, 0n],
    stakeMaxs: [0n, 0n],
    stakeUserMaxs: [0n, 0n],
  })[1]!;
  it("USDT: the tier's index, lock and rate; maxPay the amount itself", () => {
    const amount = 100n * ONE;
    expect(depositArgs(tier, amount, true, amount)).toEqual([1n, amount, true, 30n, 80n, amount]);
  });
  it("token: maxPay the tokens the page showed at the price it showed", () => {
    const amount = 100n * ONE;
    const paid = tokensFor(amount, 3n * 10n ** 17n); // 0.3 USDT a token
    expect(paid).toBe(333_333_333_333_333_333_333n);
    expect(depositArgs(tier, amount, false, paid)).toEqual([1n, amount, false, 30n, 80n, paid]);
  });
});

describe("deposit block reason", () => {
  const tier = tiersOf(multi)[0]!;
  const ok = {
    connected: true,
    wrongChain: false,
    registryIndex: 3n,
    addTime: 0n,
    tier,
    isUSDT: true,
    tokenSet: true,
    now: 100,
  };
  it("goes through the checks in order", () => {
    expect(depositBlockReason(ok)).toBeUndefined();
    expect(depositBlockReason({ ...ok, connected: false, wrongChain: true })).toBe("notConnected");
    expect(depositBlockReason({ ...ok, wrongChain: true })).toBe("wrongChain");
    expect(depositBlockReason({ ...ok, registryIndex: undefined })).toBe("loading");
    expect(depositBlockReason({ ...ok, addTime: undefined })).toBe("loading");
    expect(depositBlockReason({ ...ok, tier: undefined })).toBe("loading");
    expect(depositBlockReason({ ...ok, registryIndex: 0n })).toBe("notRegistered");
    expect(depositBlockReason({ ...ok, addTime: 101n })).toBe("notOpen");
    expect(depositBlockReason({ ...ok, addTime: 100n })).toBeUndefined(); // open from addTime itself
    expect(depositBlockReason({ ...ok, tier: tiersOf(multi)[4] })).toBe("tierClosed");
    expect(depositBlockReason({ ...ok, isUSDT: false, tokenSet: false })).toBe("tokenNotSet");
    expect(depositBlockReason({ ...ok, isUSDT: true, tokenSet: false })).toBeUndefined();
  });

  it("blocks a token deposit the contract would refuse for its price, never a USDT one", () => {
    const token = { ...ok, isUSDT: false, tokenSet: true };
    expect(depositBlockReason({ ...token, priceRefusal: "" })).toBeUndefined();
    expect(depositBlockReason({ ...token, priceRefusal: "PriceUnavailable" })).toBe("priceUnavailable");
    expect(depositBlockReason({ ...token, priceRefusal: "PriceDeviation" })).toBe("priceDeviation");
    expect(depositBlockReason({ ...ok, isUSDT: true, priceRefusal: "PriceDeviation" })).toBeUndefined();
  });
});

describe("accelerations (docs/economics.md, income types 5 and 6)", () => {
  const rates = { nodeRate: 500n, exitRate: 2000n, bottomRate: 1000n, bottomFloor: 100n };
  const DAY = 86_400n;

  it("picks the acceleration like StakingMath.acceleration", () => {
    // a newcomer (0 of 0) is bottom
    expect(accelerationFor(0n, 0n, rates)).toEqual({ kind: "bottom", bps: 1000n });
    // 10 of 1000 = 1% = the floor: still bottom (exit would be 20 bp)
    expect(accelerationFor(10n * E, 1000n * E, rates)).toEqual({ kind: "bottom", bps: 1000n });
    // docs example: 10.8 of 1000 (1.08% > 1%): exit, 2000 * 10.8 / 1000 = 21 bp rounded down
    expect(accelerationFor((108n * E) / 10n, 1000n * E, rates)).toEqual({ kind: "exit", bps: 21n });
    // income at or above the principal: exit at its full rate
    expect(accelerationFor(5000n * E, 1000n * E, rates)).toEqual({ kind: "exit", bps: 2000n });
    // the larger wins; exit on a tie
    const open = { ...rates, bottomFloor: 10_000n }; // bottom for anyone earning at most the principal
    expect(accelerationFor(1n, 1n, open)).toEqual({ kind: "exit", bps: 2000n });
    expect(accelerationFor(1n, 2n, open)).toEqual({ kind: "exit", bps: 1000n }); // a tie
    expect(accelerationFor(1n, 4n, open)).toEqual({ kind: "bottom", bps: 1000n });
    expect(accelerationFor(0n, 0n, { ...rates, exitRate: 0n, bottomRate: 0n })).toEqual({
      kind: "none",
      bps: 0n,
    });
  });

  it("gives the new order's lock and the seconds saved, rounded down", () => {
    const newcomer = { rewardInvite: 0n, rewardTeam: 0n, actual: 0n };
    // 7-day tier, bottom 10%: 0.7 days sooner
    expect(newOrderLock(7n, DAY, newcomer, rates)).toEqual({
      kind: "bottom",
      lock: 7n * DAY,
      saved: 60_480n,
    });
    // docs example: 21 bp of 30 days = 5,443 s (5443.2 cut)
    const alice = { rewardInvite: 9n * E, rewardTeam: (18n * E) / 10n, actual: 1000n * E };
    expect(newOrderLock(30n, DAY, alice, rates)).toEqual({ kind: "exit", lock: 30n * DAY, saved: 5443n });
    // a lock too short to save a whole second is no acceleration
    expect(newOrderLock(1n, 1n, newcomer, rates)).toEqual({ kind: "none", lock: 1n, saved: 0n });
  });

  it("reads the saved seconds back from an order's times", () => {
    const order = { lockDay: 7n, startTime: 1_000n, endTime: 1_000n + 7n * DAY - 60_480n };
    expect(orderSavedSeconds(order, "bottom", DAY)).toBe(60_480n);
    expect(orderSavedSeconds({ ...order, endTime: 1_000n + 7n * DAY }, "none", DAY)).toBe(0n);
    // an order without acceleration saves nothing, even if dayTimes changed since it opened
    expect(orderSavedSeconds(order, "none", DAY)).toBe(0n);
    expect(orderSavedSeconds(order, "bottom", 60n)).toBe(0n);
  });

  it("shows days with two decimals at most, cut", () => {
    expect(daysText(60_480n, DAY)).toBe("0.7");
    expect(daysText(3n * DAY, DAY)).toBe("3");
    expect(daysText(5443n, DAY)).toBe("0.06");
    expect(daysText(DAY - 1n, DAY)).toBe("0.99");
    expect(daysText(100n * DAY, DAY)).toBe("100");
    expect(daysText(5n, 0n)).toBe("0");
  });

  it("maps the contract's enum", () => {
    expect([0, 1, 2, 3].map(accelerationOf)).toEqual(["none", "exit", "bottom", "none"]);
  });

  it("totals the static income brought forward and the days saved per acceleration", () => {
    const base = { lockDay: 30n, rate: 30n, startTime: 0n, isUSDT: true };
    const orders: OrderRow[] = [
      // USDT, bottom: 90 USDT, 3 days sooner
      { ...base, amount: 1000n * E, reward: 90n * E, endTime: 27n * DAY, acceleration: "bottom" },
      // token order at fbPrice 0.5: reward in tokens (180), counted at its USDT value (90)
      {
        ...base,
        isUSDT: false,
        amount: 1000n * E,
        reward: 180n * E,
        endTime: 27n * DAY,
        acceleration: "bottom",
      },
      // USDT, exit 21 bp: 9 USDT, 5,443 s sooner
      { ...base, amount: 100n * E, reward: 9n * E, endTime: 30n * DAY - 5443n, acceleration: "exit" },
      // no acceleration: not counted
      { ...base, amount: 100n * E, reward: 9n * E, endTime: 30n * DAY, acceleration: "none" },
    ];
    expect(accelerationTotals(orders, DAY)).toEqual({
      bottom: { orders: 2, income: 180n * E, seconds: 6n * DAY },
      exit: { orders: 1, income: 9n * E, seconds: 5443n },
    });
    expect(accelerationTotals([], DAY)).toEqual({
      bottom: { orders: 0, income: 0n, seconds: 0n },
      exit: { orders: 0, income: 0n, seconds: 0n },
    });
  });
});

describe("order pages after the first", () => {
  it("none up to one page, then the rest, newest ones when there are too many", () => {
    expect(laterPageOffsets(0n, 50n, 1000n)).toEqual([]);
    expect(laterPageOffsets(50n, 50n, 1000n)).toEqual([]);
    expect(laterPageOffsets(51n, 50n, 1000n)).toEqual([50n]);
    expect(laterPageOffsets(120n, 50n, 1000n)).toEqual([50n, 100n]);
    expect(laterPageOffsets(1000n, 50n, 1000n)).toHaveLength(19);
    // 1,500 orders: the first page and the newest 950 (offsets 550 .. 1450)
    const offsets = laterPageOffsets(1500n, 50n, 1000n);
    expect(offsets[0]).toBe(550n);
    expect(offsets.at(-1)).toBe(1450n);
    expect(offsets).toHaveLength(19);
  });
});

describe("tokenDepositsFrom: when token deposits open after updatePrice()", () => {
  it("one window after the observation the call kept", () => {
    expect(tokenDepositsFrom({ observed: true, time: 1_000_000n }, 1800n)).toEqual({
      at: 1_001_800n,
      exact: true,
    });
  });
  it("a call that kept none (one less than a window old exists): a window after it at the latest", () => {
    expect(tokenDepositsFrom({ observed: false, time: 1_000_000n }, 1800n)).toEqual({
      at: 1_001_800n,
      exact: false,
    });
  });
});

describe("early close (announcement, NoEarlyClose)", () => {
  const announced = { announcedAt: 1_000n };
  const order = { isValid: true, lastTime: 0n, startTime: 999n, endTime: 2_000n };
  it("accepts an open order opened before the announcement, until its endTime", () => {
    expect(canCloseEarly(order, announced, 1_500)).toBe(true);
    expect(canCloseEarly(order, announced, 1_999.9)).toBe(true);
    expect(canCloseEarly(order, announced, 2_000)).toBe(false); // ended: release it
  });
  it("refuses without an announcement, an order opened at or after it, and a closed one", () => {
    expect(canCloseEarly(order, undefined, 1_500)).toBe(false);
    expect(canCloseEarly({ ...order, startTime: 1_000n }, announced, 1_500)).toBe(false);
    expect(canCloseEarly({ ...order, startTime: 1_001n }, announced, 1_500)).toBe(false);
    expect(canCloseEarly({ ...order, isValid: false, lastTime: 1_200n }, announced, 1_500)).toBe(false);
    expect(canCloseEarly({ ...order, lastTime: 1_200n }, announced, 1_500)).toBe(false);
  });
});

import { describe, expect, it } from "vitest";
import {
  aprBps,
  dayIndex,
  depositBlockReason,
  depositRules,
  orderProgress,
  orderState,
  percentFromBps,
  staticIncome,
  tiersOf,
  tokensFor,
  usdtValueOf,
} from "./logic";
import { validateAmount } from "../../lib/amount";

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
    expect(tiers[1]).toMatchObject({ index: 1, days: 30n, rate: 30n, stock: 150n * E, open: true });
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
    expect(depositBlockReason({ ...ok, registryIndex: 0n })).toBe("notRegistered");
    expect(depositBlockReason({ ...ok, addTime: 101n })).toBe("notOpen");
    expect(depositBlockReason({ ...ok, tier: tiersOf(multi)[4] })).toBe("tierClosed");
    expect(depositBlockReason({ ...ok, isUSDT: false, tokenSet: false })).toBe("tokenNotSet");
    expect(depositBlockReason({ ...ok, isUSDT: true, tokenSet: false })).toBeUndefined();
  });
});

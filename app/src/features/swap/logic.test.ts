import { PANCAKESWAP_V2, UNISWAP_V2, getAmountOut } from "@taichi/contracts/dex";
import { parseEther } from "viem";
import { describe, expect, it } from "vitest";
import {
  impactGuard,
  type FeeRates,
  burnTokenBurns,
  deadlineAt,
  feeOn,
  liquifiedReserves,
  minAfterSlippage,
  pairInput,
  parseDeadline,
  parseSlippage,
  priceImpactBps,
  quoteSwap,
  spotPrice,
  storedNumber,
  swapBlockReason,
  lockCall,
  topUpRateDrop,
  earlyCloseQuote,
} from "./logic";

// the deploy's defaults (docs/tokens.md): buy 3% (pool, node, dividend), sell 5% (burn 1% included)
const buy: FeeRates = { burn: 0, pool: 100, node: 100, market: 0, dividend: 100 };
const sell: FeeRates = { burn: 100, pool: 100, node: 100, market: 100, dividend: 100 };
// the local pool: 1,000,000 tokens against 100,000 USDT
const tokens = parseEther("1000000");
const usdt = parseEther("100000");

describe("getAmountOut: the router's formula with the chain's DEX fee", () => {
  it("Uniswap V2 keeps 0.3% of the input and the constant product", () => {
    // 1000 USDT in: 1000 * 0.997 * 1e6 / (100000 + 997) tokens, rounded down
    const out = getAmountOut(parseEther("1000"), usdt, tokens, UNISWAP_V2);
    expect(out).toBe((parseEther("997") * tokens) / (usdt + parseEther("997")));
    expect(out).toBe(9871580343970612988504n);
    // the product never falls
    expect((usdt + parseEther("1000")) * (tokens - out)).toBeGreaterThanOrEqual(usdt * tokens);
  });

  it("PancakeSwap V2 keeps 0.25%: more out than Uniswap's fee would give", () => {
    // 1000 USDT in: 1000 * 0.9975 * 1e6 / (100000 + 997.5) tokens, rounded down
    const out = getAmountOut(parseEther("1000"), usdt, tokens, PANCAKESWAP_V2);
    expect(out).toBe((parseEther("997.5") * tokens) / (usdt + parseEther("997.5")));
    expect(out).toBeGreaterThan(getAmountOut(parseEther("1000"), usdt, tokens, UNISWAP_V2));
  });

  it("is zero for an empty input or pool", () => {
    expect(getAmountOut(0n, usdt, tokens, UNISWAP_V2)).toBe(0n);
    expect(getAmountOut(1n, 0n, tokens, UNISWAP_V2)).toBe(0n);
  });
});

describe("quoteSwap", () => {
  it("a buy receives what the pair releases less the buy fee, rounded as the token rounds", () => {
    const routerOut = getAmountOut(parseEther("1000"), usdt, tokens, UNISWAP_V2);
    const q = quoteSwap({
      side: "buy",
      amountIn: parseEther("1000"),
      routerOut,
      buy,
      sell,
      burns: true,
      reserveIn: usdt,
      slippageBps: 50,
      dex: UNISWAP_V2,
    });
    expect(q.pairIn).toBe(parseEther("1000"));
    expect(q.fee).toBe((routerOut * 300n) / 10_000n);
    expect(q.received).toBe(routerOut - q.fee);
    expect(q.burn).toBe(0n); // no burn share on a buy by default
    expect(q.minReceived).toBe((q.received * 9950n) / 10_000n);
    // 997 / (100000 + 997) = 0.987%: rounded down to 98 bps
    expect(q.priceImpactBps).toBe(98n);
  });

  it("a sell pays the sell fee on what is sent, then the router prices what reached the pair", () => {
    const amountIn = parseEther("10000");
    const pairIn = pairInput("sell", amountIn, sell);
    expect(pairIn).toBe(parseEther("9500"));
    const routerOut = getAmountOut(pairIn, tokens, usdt, UNISWAP_V2);
    const q = quoteSwap({
      side: "sell",
      amountIn,
      routerOut,
      buy,
      sell,
      burns: true,
      reserveIn: tokens,
      slippageBps: 100,
      dex: UNISWAP_V2,
    });
    expect(q.pairIn).toBe(pairIn);
    expect(q.fee).toBe(parseEther("500"));
    expect(q.burn).toBe(parseEther("100"));
    expect(q.received).toBe(routerOut);
    expect(q.minReceived).toBe((routerOut * 99n) / 100n);
  });

  it("shows no burn when the token moves its burn share to the pool", () => {
    const q = quoteSwap({
      side: "sell",
      amountIn: parseEther("100"),
      routerOut: 1n,
      buy,
      sell,
      burns: false,
      reserveIn: tokens,
      slippageBps: 50,
      dex: UNISWAP_V2,
    });
    expect(q.burn).toBe(0n);
    expect(q.fee).toBe(parseEther("5")); // the total fee is unchanged
  });

  it("rounds the fee down like FeeToken._feeTotal (a 19-wei sell pays 0)", () => {
    expect(feeOn(19n, sell)).toBe(0n);
    expect(feeOn(20n, sell)).toBe(1n);
  });
});

describe("minAfterSlippage and priceImpactBps", () => {
  it("minimum received is floor(amount * (10000 - bps) / 10000)", () => {
    expect(minAfterSlippage(10_000n, 50)).toBe(9_950n);
    expect(minAfterSlippage(999n, 1)).toBe(998n);
    expect(minAfterSlippage(0n, 50)).toBe(0n);
  });

  it("the impact grows with the trade and is 0 without one", () => {
    expect(priceImpactBps(0n, usdt, UNISWAP_V2)).toBe(0n);
    expect(priceImpactBps(usdt, usdt, UNISWAP_V2)).toBe(4992n); // half the pool's price for its own size
    expect(priceImpactBps(parseEther("10"), usdt, UNISWAP_V2)).toBeLessThan(
      priceImpactBps(parseEther("100"), usdt, UNISWAP_V2),
    );
  });

  it("counts the chain's DEX fee: PancakeSwap V2's 0.25% leaves more of the input to move the price", () => {
    // 1000 * 0.9975 / (100000 + 997.5) = 0.98762%: 98 bps; 5000 USDT: 4987.5 / 104987.5 = 4.7505%: 475 bps
    expect(priceImpactBps(parseEther("1000"), usdt, PANCAKESWAP_V2)).toBe(98n);
    expect(priceImpactBps(parseEther("5000"), usdt, PANCAKESWAP_V2)).toBe(475n);
    expect(priceImpactBps(parseEther("5000"), usdt, UNISWAP_V2)).toBe(474n); // 4985 / 104985 = 4.7483%
  });
});

describe("burnTokenBurns: BurnToken's burn phase and floor", () => {
  const c = { openTime: 1_000n, burnTime: 0n, burnMin: parseEther("10") };
  it("burns forever when burnTime is 0, while the supply stays at or above burnMin", () => {
    expect(burnTokenBurns(c, parseEther("11"), parseEther("1"), 10 ** 9)).toBe(true);
    expect(burnTokenBurns(c, parseEther("11"), parseEther("1") + 1n, 10 ** 9)).toBe(false);
  });
  it("stops at openTime + burnTime", () => {
    const timed = { ...c, burnTime: 100n };
    expect(burnTokenBurns(timed, parseEther("100"), 1n, 1_099)).toBe(true);
    expect(burnTokenBurns(timed, parseEther("100"), 1n, 1_100)).toBe(false);
  });
});

describe("settings parsing", () => {
  it("slippage in percent, two decimals, within 0.01% to 50%", () => {
    expect(parseSlippage("0.5")).toBe(50);
    expect(parseSlippage("1")).toBe(100);
    expect(parseSlippage(".05")).toBe(5);
    expect(parseSlippage("0.01")).toBe(1);
    expect(parseSlippage("50")).toBe(5000);
    expect(parseSlippage("0")).toBeUndefined();
    expect(parseSlippage("50.01")).toBeUndefined();
    expect(parseSlippage("0.001")).toBeUndefined();
    expect(parseSlippage("abc")).toBeUndefined();
    expect(parseSlippage("")).toBeUndefined();
  });

  it("deadline in whole minutes, 1 to 4320", () => {
    expect(parseDeadline("20")).toBe(20);
    expect(parseDeadline("0")).toBeUndefined();
    expect(parseDeadline("4321")).toBeUndefined();
    expect(parseDeadline("1.5")).toBeUndefined();
  });

  it("a stored value out of bounds or malformed falls back to the default", () => {
    expect(storedNumber("100", 1, 5000, 50)).toBe(100);
    expect(storedNumber(null, 1, 5000, 50)).toBe(50);
    expect(storedNumber("99999", 1, 5000, 50)).toBe(50);
    expect(storedNumber("1e3", 1, 5000, 50)).toBe(50);
  });

  it("the deadline counts from the later of the local clock and the chain's", () => {
    expect(deadlineAt(1_000, 5_000, 20)).toBe(6_200n);
    expect(deadlineAt(9_000, 5_000, 1)).toBe(9_060n);
    expect(deadlineAt(9_000, undefined, 1)).toBe(9_060n);
  });
});

describe("swapBlockReason", () => {
  const ready = {
    connected: true,
    wrongChain: false,
    tradingOpen: true,
    reserves: { token: tokens, usdt },
    minReceived: 1n,
    amountValid: true,
  };
  it("in the order a member fixes them", () => {
    expect(swapBlockReason({ ...ready, connected: false, wrongChain: true })).toBe("notConnected");
    expect(swapBlockReason({ ...ready, wrongChain: true })).toBe("wrongChain");
    expect(swapBlockReason({ ...ready, tradingOpen: undefined })).toBe("loading");
    expect(swapBlockReason({ ...ready, tradingOpen: false })).toBe("closed");
    expect(swapBlockReason({ ...ready, reserves: { token: 0n, usdt: 0n } })).toBe("noLiquidity");
    expect(swapBlockReason({ ...ready, minReceived: 0n })).toBe("tooSmall");
    expect(swapBlockReason(ready)).toBeUndefined();
  });

  it("a few wei: something would arrive, but the minimum under slippage is 0, so the swap is refused", () => {
    const amountIn = 20n; // token wei sold: 1 USDT wei out
    const q = quoteSwap({
      side: "sell",
      amountIn,
      routerOut: getAmountOut(pairInput("sell", amountIn, sell), tokens, usdt, UNISWAP_V2),
      buy,
      sell,
      burns: false,
      reserveIn: tokens,
      slippageBps: 50,
      dex: UNISWAP_V2,
    });
    expect(q.received).toBeGreaterThan(0n);
    expect(q.minReceived).toBe(0n);
    expect(swapBlockReason({ ...ready, minReceived: q.minReceived })).toBe("tooSmall");
  });

  it("a quote still loading does not block (the button waits for the quote itself)", () => {
    expect(swapBlockReason({ ...ready, minReceived: undefined })).toBeUndefined();
  });
});

describe("spotPrice", () => {
  it("is USDT per token with 18 decimals", () => {
    expect(spotPrice({ token: tokens, usdt })).toBe(parseEther("0.1"));
    expect(spotPrice({ token: 0n, usdt })).toBe(0n);
  });
});

describe("liquifiedReserves: the swap-and-liquify a sell runs first", () => {
  const before = { token: tokens, usdt };

  it("a large run: half sold (moving the price more than the DEX fee), all the other half added", () => {
    const pooled = parseEther("10000");
    const half = parseEther("5000");
    const out = getAmountOut(half, tokens, usdt, UNISWAP_V2);
    const after = liquifiedReserves(before, pooled, 0n, UNISWAP_V2);
    const t1 = tokens + half;
    const u1 = usdt - out;
    expect(after).toEqual({ token: t1 + half, usdt: u1 + (half * u1) / t1 });
    expect(after.usdt).toBeLessThan(usdt); // some USDT stays in the token
    expect(spotPrice(after)).toBeLessThan(spotPrice(before));
    // so a sale right after gets less than at the old reserves
    const sale = parseEther("9500");
    expect(getAmountOut(sale, after.token, after.usdt, UNISWAP_V2)).toBeLessThan(
      getAmountOut(sale, tokens, usdt, UNISWAP_V2),
    );
  });

  it("a small run: all the USDT from the sale added, the tokens it does not match stay", () => {
    const pooled = parseEther("2000");
    const half = parseEther("1000");
    const out = getAmountOut(half, tokens, usdt, UNISWAP_V2);
    const after = liquifiedReserves(before, pooled, 0n, UNISWAP_V2);
    const t1 = tokens + half;
    const u1 = usdt - out;
    expect(after).toEqual({ token: t1 + (out * t1) / u1, usdt });
    expect(after.token).toBeLessThan(tokens + pooled);
  });

  it("changes nothing when there is nothing to sell", () => {
    expect(liquifiedReserves(before, 1n, 0n, UNISWAP_V2)).toEqual(before);
  });
});

describe("lockCall: an LpSwap lock carries the rate shown", () => {
  const config = { lpRate: 100n, tokenRate: 250n };

  it("sends swapLP(amount, lpRate) for LP and swapToken(amount, tokenRate) for tokens", () => {
    expect(lockCall("lp", 5n, config)).toEqual({ functionName: "swapLP", args: [5n, 100n] });
    expect(lockCall("token", 7n, config)).toEqual({ functionName: "swapToken", args: [7n, 250n] });
  });
});

describe("topUpRateDrop: what an LpSwap top-up gives up after a rate cut", () => {
  const config = { lpRate: 50n, tokenRate: 200n };
  const user = {
    amountLP: parseEther("1000"),
    claimLP: parseEther("100"),
    pendingLP: parseEther("10"),
    rateLP: 100n, // locked at 1%, the rate is now 0.5%
    amountToken: parseEther("1000"),
    claimToken: 0n,
    pendingToken: 0n,
    rateToken: 200n,
  };

  it("is the position's own rate while it is above the current one and something is locked", () => {
    expect(topUpRateDrop(user, config, "lp")).toBe(100n);
  });

  it("is undefined on the current rate, for a new position or one fully released", () => {
    expect(topUpRateDrop(user, config, "token")).toBeUndefined();
    const none = { ...user, amountLP: 0n, claimLP: 0n, pendingLP: 0n };
    expect(topUpRateDrop(none, config, "lp")).toBeUndefined();
    const released = { ...user, claimLP: parseEther("990"), pendingLP: parseEther("10") };
    expect(topUpRateDrop(released, config, "lp")).toBeUndefined();
  });
});

describe("impactGuard: what the review asks before a swap is sent", () => {
  it("a click up to 5%, a tick above 5% up to 15%, a typed phrase above 15%", () => {
    expect(impactGuard(0n)).toBe("none");
    expect(impactGuard(500n)).toBe("none");
    expect(impactGuard(501n)).toBe("acknowledge");
    expect(impactGuard(1500n)).toBe("acknowledge");
    expect(impactGuard(1501n)).toBe("typed");
    expect(impactGuard(3300n)).toBe("typed");
  });
});

describe("earlyCloseQuote: what closing LpSwap positions early pays back", () => {
  // 1000 LP locked, 100 claimed, 50 released and not claimed; 500 tokens, 100 claimed, none pending
  const user = {
    amountLP: parseEther("1000"),
    claimLP: parseEther("100"),
    pendingLP: parseEther("50"),
    amountToken: parseEther("500"),
    claimToken: parseEther("100"),
    pendingToken: 0n,
  };

  it("pays each position's amount less what was claimed: still locked plus released and not claimed", () => {
    const q = earlyCloseQuote(user);
    // not the locked part alone (850), nor the amount (1000): the contract pays amount - claimed
    expect(q.lp).toEqual({ locked: parseEther("850"), released: parseEther("50"), total: parseEther("900") });
    expect(q.token).toEqual({ locked: parseEther("400"), released: 0n, total: parseEther("400") });
    expect(q.closable).toBe(true);
  });

  it("is closable while either position has something locked, not when both are fully released", () => {
    const lpReleased = { ...user, claimLP: parseEther("100"), pendingLP: parseEther("900") };
    expect(earlyCloseQuote(lpReleased).closable).toBe(true); // the tokens are still locked
    expect(earlyCloseQuote(lpReleased).lp.total).toBe(parseEther("900"));
    const both = { ...lpReleased, pendingToken: parseEther("400") };
    expect(earlyCloseQuote(both).closable).toBe(false); // claim it instead
    const none = { ...user, amountLP: 0n, claimLP: 0n, pendingLP: 0n, amountToken: 0n, claimToken: 0n };
    expect(earlyCloseQuote(none).closable).toBe(false);
  });
});

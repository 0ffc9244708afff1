import { describe, expect, it } from "vitest";
import type { IndexedReserves, IndexedSwap } from "../../lib/indexer";
import { MAX_STEPS, priceOf, priceSeries, stepPath } from "./priceChart";

const E18 = 10n ** 18n;

/** Reserves with the token as token1: `tokens` tokens against `usdt` USDT, in block `block` at `time`. */
const reserves = (
  block: number,
  time: number,
  tokens: number,
  usdt: number,
  logIndex = 0,
): IndexedReserves => ({
  blockNumber: BigInt(block),
  logIndex,
  timestamp: BigInt(time),
  reserve0: BigInt(usdt) * E18,
  reserve1: BigInt(tokens) * E18,
});

const swap = (block: number, time: number, tokenOut: bigint, logIndex = 1): IndexedSwap => ({
  blockNumber: BigInt(block),
  logIndex,
  timestamp: BigInt(time),
  transactionHash: `0x${block.toString(16).padStart(64, "0")}`,
  amount0In: tokenOut > 0n ? 10n * E18 : 0n,
  amount1In: tokenOut > 0n ? 0n : 50n * E18,
  amount0Out: tokenOut > 0n ? 0n : 4n * E18,
  amount1Out: tokenOut,
});

describe("priceOf", () => {
  it("is USDT per token, whichever side of the pair the token is", () => {
    expect(priceOf({ reserve0: 100n * E18, reserve1: 1_000n * E18 }, false)).toBe(0.1);
    expect(priceOf({ reserve0: 1_000n * E18, reserve1: 100n * E18 }, true)).toBe(0.1);
    expect(priceOf({ reserve0: 5n, reserve1: 0n }, false)).toBe(0);
  });
});

describe("priceSeries", () => {
  it("holds the opening price from the start, steps at each change and holds the last to the end", () => {
    const series = priceSeries(
      [reserves(10, 1_500, 1_000, 200), reserves(12, 1_800, 1_000, 250)],
      reserves(3, 400, 1_000, 100),
      [],
      false,
      1_000,
      2_000,
    )!;
    expect(series.points).toEqual([
      { time: 1_000, price: 0.1 },
      { time: 1_500, price: 0.2 },
      { time: 1_800, price: 0.25 },
      { time: 2_000, price: 0.25 },
    ]);
    expect([series.min, series.max]).toEqual([0.1, 0.25]);
    // the line: flat from each point to the next, then up or down to its price
    expect(stepPath(series, 100, 30)).toBe("M0.0 30.0H50.0V10.0H80.0V0.0H100.0V0.0");
  });

  it("without an opening starts at the first change; with nothing at all there is no series", () => {
    const series = priceSeries([reserves(10, 1_500, 1_000, 200)], undefined, [], false, 1_000, 2_000)!;
    expect(series.points.map((p) => p.time)).toEqual([1_500, 2_000]);
    expect(priceSeries([], undefined, [], false, 1_000, 2_000)).toBeUndefined();
    // a flat series sits in the middle of the box
    expect(stepPath(series, 100, 30)).toBe("M50.0 15.0H100.0V15.0");
  });

  it("draws at most MAX_STEPS steps, each slice of time at its last price", () => {
    const changes = Array.from({ length: 5_000 }, (_, i) => reserves(i + 1, 1_000 + i, 1_000, 100 + i));
    const series = priceSeries(changes, undefined, [], false, 1_000, 6_000)!;
    expect(series.points.length).toBeLessThanOrEqual(MAX_STEPS + 2);
    expect(series.points.at(-1)).toEqual({ time: 6_000, price: 5.099 });
    expect(series.max).toBe(5.099);
    expect(series.min).toBe(0.1);
  });

  it("marks each of the member's swaps at the price it left: a buy takes tokens out, a sell puts them in", () => {
    const series = priceSeries(
      [
        reserves(10, 1_500, 1_000, 200, 0),
        reserves(10, 1_500, 900, 250, 2), // a later swap in the same block, not the member's
        reserves(12, 1_800, 1_100, 200, 0),
      ],
      reserves(3, 400, 1_000, 100),
      [swap(10, 1_500, 60n, 1), swap(12, 1_800, 0n, 1)],
      false,
      1_000,
      2_000,
    )!;
    expect(series.markers).toEqual([
      { time: 1_500, price: 0.2, side: "buy", hash: swap(10, 0, 0n).transactionHash },
      { time: 1_800, price: 200 / 1_100, side: "sell", hash: swap(12, 0, 0n).transactionHash },
    ]);
  });
});

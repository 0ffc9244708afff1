import type { IndexedReserves, IndexedSwap } from "../../lib/indexer";

/** The chart's periods, in seconds. */
export const CHART_RANGES = { "24h": 86_400, "7d": 7 * 86_400, "30d": 30 * 86_400 } as const;
export type ChartRange = keyof typeof CHART_RANGES;

/** At most this many steps are drawn: a month of a busy pair would be thousands. */
export const MAX_STEPS = 240;

/** USDT per token at some time (unix seconds). */
export type PricePoint = { time: number; price: number };

/** One of the member's swaps on the chart: when, at the price it left, and which way. */
export type SwapMarker = PricePoint & { side: "buy" | "sell"; hash: `0x${string}` };

export type PriceSeries = {
  /** the price as a step line from `from` to `to`: each point holds until the next */
  points: PricePoint[];
  markers: SwapMarker[];
  from: number;
  to: number;
  min: number;
  max: number;
};

/**
 * USDT per token from a pair's reserves (the pair orders them by address: `tokenIsToken0`). Both
 * tokens have 18 decimals (the project's tokens and USDT on BSC and locally).
 */
export function priceOf(r: Pick<IndexedReserves, "reserve0" | "reserve1">, tokenIsToken0: boolean): number {
  const [token, usdt] = tokenIsToken0 ? [r.reserve0, r.reserve1] : [r.reserve1, r.reserve0];
  return token === 0n ? 0 : Number(usdt) / Number(token);
}

const before = (a: { blockNumber: bigint; logIndex: number }, b: { blockNumber: bigint; logIndex: number }) =>
  a.blockNumber < b.blockNumber || (a.blockNumber === b.blockNumber && a.logIndex < b.logIndex);

/**
 * The pair's price from `from` to `to` (unix seconds): the reserves standing at `from` (`opening`),
 * then every change, held to `to`; at most `MAX_STEPS` steps (the last price of each slice of time).
 * Each of the member's `swaps` is marked at its time and at the price it left (the pair's `Sync` just
 * before its `Swap` in the same transaction). Undefined when the pair had no reserves in the period.
 */
export function priceSeries(
  changes: readonly IndexedReserves[],
  opening: IndexedReserves | undefined,
  swaps: readonly IndexedSwap[],
  tokenIsToken0: boolean,
  from: number,
  to: number,
): PriceSeries | undefined {
  const all = opening ? [opening, ...changes] : [...changes];
  if (all.length === 0) return undefined;
  const slice = (time: number) => Math.floor(((time - from) / (to - from)) * MAX_STEPS);
  const points: PricePoint[] = [];
  for (const change of all) {
    const point = { time: Math.max(from, Number(change.timestamp)), price: priceOf(change, tokenIsToken0) };
    const last = points.at(-1);
    // within one slice of time only its last price is drawn (the opening stays)
    if (last && points.length > 1 && slice(last.time) === slice(point.time))
      points[points.length - 1] = point;
    else points.push(point);
  }
  points.push({ time: to, price: points.at(-1)!.price });
  const markers = swaps.flatMap((swap): SwapMarker[] => {
    const after = all.findLast((change) => before(change, swap));
    if (!after) return [];
    const tokenOut = tokenIsToken0 ? swap.amount0Out : swap.amount1Out;
    return [
      {
        time: Number(swap.timestamp),
        price: priceOf(after, tokenIsToken0),
        side: tokenOut > 0n ? "buy" : "sell",
        hash: swap.transactionHash,
      },
    ];
  });
  const prices = [...points, ...markers].map((p) => p.price);
  return { points, markers, from, to, min: Math.min(...prices), max: Math.max(...prices) };
}

/** Where a point of `series` lies in a `width` × `height` box (price up, a flat series in the middle). */
export function placeOf(series: PriceSeries, width: number, height: number) {
  const span = series.max - series.min;
  return (p: PricePoint) => ({
    x: ((p.time - series.from) / (series.to - series.from)) * width,
    y: span === 0 ? height / 2 : height - ((p.price - series.min) / span) * height,
  });
}

/** The SVG path of the step line: each price held flat until the next change. */
export function stepPath(series: PriceSeries, width: number, height: number): string {
  const place = placeOf(series, width, height);
  return series.points
    .map((p, i) => {
      const { x, y } = place(p);
      return i === 0 ? `M${x.toFixed(1)} ${y.toFixed(1)}` : `H${x.toFixed(1)}V${y.toFixed(1)}`;
    })
    .join("");
}

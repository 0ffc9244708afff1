import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Address } from "viem";
import { usdt } from "../../../app/contracts";
import { useTranslation } from "../../../i18n";
import { env } from "../../../lib/env";
import { indexedPair } from "../../../lib/indexer";
import { swapTokens } from "../contracts";
import {
  CHART_RANGES,
  type ChartRange,
  type PriceSeries,
  placeOf,
  priceSeries,
  stepPath,
} from "../priceChart";
import "../priceChart.css";
import { formatUtc } from "../../../lib/format";
import { useTokenSymbols } from "../hooks/useTokenSymbols";

const WIDTH = 320;
const HEIGHT = 120;

/** A price as the chart labels it: four significant digits. */
const priceText = (price: number) => price.toPrecision(4);

/**
 * The price of a project token in USDT over 24 h, 7 d or 30 d, from its pair's indexed `Sync` events
 * (one request to the indexer), with the member's own swaps marked. Without an indexer it says so.
 */
export function PriceChartCard({ account }: { account: Address | undefined }) {
  const { t } = useTranslation();
  const symbols = useTokenSymbols();
  const [tokenIndex, setTokenIndex] = useState(0);
  const [range, setRange] = useState<ChartRange>("24h");
  const token = swapTokens[tokenIndex];
  const history = useQuery({
    queryKey: ["pairPrices", token?.pair, range, account],
    enabled: !!env.indexerUrl && !!token,
    retry: false,
    queryFn: async () => {
      const to = Math.floor(Date.now() / 1000);
      const from = to - CHART_RANGES[range];
      const pair = await indexedPair(env.indexerUrl!, token!.pair, BigInt(from), account);
      const tokenIsToken0 = token!.address.toLowerCase() < usdt.address.toLowerCase();
      // a chain ahead of the local clock (local time travel) ends the chart at its own time
      const end = Math.max(to, Number(pair.head?.timestamp ?? 0));
      return priceSeries(
        pair.prices,
        pair.opening,
        pair.swaps,
        tokenIsToken0,
        end - CHART_RANGES[range],
        end,
      );
    },
  });
  if (!token) return null;
  const symbol = symbols[tokenIndex] ?? token.name;
  return (
    <section className="card price-chart" aria-labelledby="price-chart-title">
      <h2 id="price-chart-title" className="card-title">
        {t("swap.chart.title")}
      </h2>
      {!env.indexerUrl ? (
        <p className="muted">{t("swap.chart.needsIndexer")}</p>
      ) : (
        <>
          <div className="price-chart-controls">
            <div role="group" aria-label={t("swap.chart.token")} className="segmented">
              {swapTokens.map((x, i) => (
                <button
                  key={x.name}
                  type="button"
                  className="button ghost small"
                  aria-pressed={i === tokenIndex}
                  onClick={() => setTokenIndex(i)}
                >
                  {symbols[i] ?? x.name}
                </button>
              ))}
            </div>
            <div role="group" aria-label={t("swap.chart.period")} className="segmented">
              {(Object.keys(CHART_RANGES) as ChartRange[]).map((r) => (
                <button
                  key={r}
                  type="button"
                  className="button ghost small"
                  aria-pressed={r === range}
                  onClick={() => setRange(r)}
                >
                  {t(`swap.chart.ranges.${r}`)}
                </button>
              ))}
            </div>
          </div>
          {history.isLoading && <p className="muted">{t("common.loading")}</p>}
          {history.isError && (
            <p className="error-text" role="alert">
              {t("swap.chart.error")}
            </p>
          )}
          {history.isSuccess && !history.data && <p className="muted">{t("swap.chart.empty")}</p>}
          {history.data && (
            <Chart
              series={history.data}
              label={t("swap.chart.label", {
                symbol,
                range: t(`swap.chart.ranges.${range}`),
                first: priceText(history.data.points[0]!.price),
                last: priceText(history.data.points.at(-1)!.price),
              })}
            />
          )}
        </>
      )}
    </section>
  );
}

/** The step line of the price and a dot on it for each of the member's swaps. */
function Chart({ series, label }: { series: PriceSeries; label: string }) {
  const { t } = useTranslation();
  const place = placeOf(series, WIDTH, HEIGHT);
  return (
    <figure className="price-chart-figure">
      <svg viewBox={`-4 -4 ${WIDTH + 8} ${HEIGHT + 8}`} role="img" aria-label={label}>
        <path d={stepPath(series, WIDTH, HEIGHT)} className="price-chart-line" fill="none" />
        {series.markers.map((m) => {
          const { x, y } = place(m);
          return (
            <circle
              key={m.hash}
              cx={x}
              cy={y}
              r={4}
              className={`price-chart-swap ${m.side}`}
              data-testid="swap-marker"
            >
              <title>
                {t(`swap.chart.${m.side}`, { time: formatUtc(BigInt(m.time)), price: priceText(m.price) })}
              </title>
            </circle>
          );
        })}
      </svg>
      <figcaption className="small muted">
        {t("swap.chart.range", { min: priceText(series.min), max: priceText(series.max) })}
        {series.markers.length > 0 && ` · ${t("swap.chart.legend")}`}
      </figcaption>
    </figure>
  );
}

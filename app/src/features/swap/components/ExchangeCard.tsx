import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { Address } from "viem";
import { useTranslation } from "../../../i18n";
import { AmountInput } from "../../../components/AmountInput";
import { ValuePending } from "../../../components/Skeleton";
import { usdt } from "../../../app/contracts";
import { validateAmount } from "../../../lib/amount";
import { formatAmount, percentFromBps } from "../../../lib/format";
import { useNow } from "../../../lib/useNow";
import { useTransaction } from "../../../app/useTransaction";
import { useAppStore } from "../../../app/store";
import { appChain } from "../../../app/wagmi";
import type { AppConnection } from "../../../app/useAppConnection";
import { getAmountOut } from "@taichi/contracts/dex";
import { dex, router, swapTokens } from "../contracts";
import {
  HIGH_IMPACT_BPS,
  type Quote,
  type Side,
  burnTokenBurns,
  deadlineAt,
  liquifiedReserves,
  pairInput,
  quoteSwap,
  spotPrice,
  swapBlockReason,
} from "../logic";
import { SwapReview, type SwapReviewData } from "./SwapReview";
import { SwapSettingsFields } from "./SwapSettingsFields";
import { useSwapSettings } from "../hooks/useSwapSettings";
import { useSwapMarket } from "../hooks/useSwapMarket";
import { useTokenSymbols } from "../hooks/useTokenSymbols";
import { useRouterQuote } from "../hooks/useRouterQuote";

/**
 * The flash exchange: USDT <-> one project token on its pair, quoted by the router and sent on the
 * fee-on-transfer path (`swapExactTokensForTokensSupportingFeeOnTransferTokens`) with the minimum
 * received after the token's own fee and the slippage tolerance. The quote is read when the inputs
 * change and after every transaction; a swap the pool moved away from fails at estimation with the
 * slippage message, and the quote is read again.
 */
export function ExchangeCard({ connection }: { connection: AppConnection }) {
  const { t } = useTranslation();
  const send = useTransaction();
  const queryClient = useQueryClient();
  const openPicker = useAppStore((s) => s.setWalletPickerOpen);
  const settings = useSwapSettings();
  const localNow = useNow();
  const [tokenIndex, setTokenIndex] = useState(0);
  const [side, setSide] = useState<Side>("buy");
  const [text, setText] = useState("");
  const [settingsValid, setSettingsValid] = useState(true);
  const [busy, setBusy] = useState(false);
  const [review, setReview] = useState<SwapReviewData & { path: readonly [Address, Address] }>();
  const token = swapTokens[tokenIndex];
  const account = connection.ready ? connection.address : undefined;
  const market = useSwapMarket(token, account);
  const symbols = useTokenSymbols();
  const symbol = symbols[tokenIndex] ?? "";
  const inSymbol = side === "buy" ? "USDT" : symbol;
  const outSymbol = side === "buy" ? symbol : "USDT";

  const balance = side === "buy" ? market.balances?.usdt : market.balances?.token;
  const check = text.trim() === "" ? undefined : validateAmount(text, { balance });
  const amountIn = check?.ok ? check.value : undefined;
  const pairIn =
    amountIn === undefined || !market.fees ? undefined : pairInput(side, amountIn, market.fees.sell);
  const path =
    token && usdt
      ? side === "buy"
        ? ([usdt.address, token.address] as const)
        : ([token.address, usdt.address] as const)
      : undefined;
  // A sell once the pooled fees reach the threshold first runs the token's swap-and-liquify
  // (docs/tokens.md), which lowers the price: the quote is then computed on the reserves after it.
  const liquifies =
    side === "sell" &&
    market.autoSwap !== false &&
    market.pooled !== undefined &&
    market.swapThreshold !== undefined &&
    market.pooled > 0n &&
    market.pooled >= market.swapThreshold;
  const routerQuote = useRouterQuote(path, liquifies ? undefined : pairIn);
  const reserves =
    liquifies && dex && market.reserves && market.pooled !== undefined && market.pooledUsdt !== undefined
      ? liquifiedReserves(market.reserves, market.pooled, market.pooledUsdt, dex)
      : market.reserves;
  const out = liquifies
    ? pairIn !== undefined && reserves && dex
      ? getAmountOut(pairIn, reserves.token, reserves.usdt, dex)
      : undefined
    : routerQuote.out;

  let quote: Quote | undefined;
  if (amountIn !== undefined && market.fees && reserves && out !== undefined && dex) {
    quote = quoteSwap({
      side,
      amountIn,
      routerOut: out,
      buy: market.fees.buy,
      sell: market.fees.sell,
      burns: true,
      reserveIn: side === "buy" ? reserves.usdt : reserves.token,
      slippageBps: settings.slippageBps,
      dex,
    });
    const burnConfig = market.burnConfig;
    if (quote.burn > 0n && burnConfig && market.totalSupply !== undefined) {
      const now = Math.max(localNow, market.blockTime ?? 0);
      if (!burnTokenBurns(burnConfig, market.totalSupply, quote.burn, now)) quote = { ...quote, burn: 0n };
    }
  }

  const reason = swapBlockReason({
    connected: connection.isConnected || connection.accountExpected,
    wrongChain: connection.wrongChain,
    tradingOpen: market.tradingOpen,
    reserves: market.reserves,
    minReceived: quote?.minReceived,
    amountValid: amountIn !== undefined,
  });

  /** Swap opens the review with the quote as it is now; only what was reviewed is sent. */
  function openReview() {
    if (!path || amountIn === undefined || !quote) return;
    setReview({
      path,
      amountIn,
      quote,
      inSymbol,
      outSymbol,
      tokenSymbol: symbol,
      slippageBps: settings.slippageBps,
      deadlineMin: settings.deadlineMin,
    });
  }

  async function swap(r: NonNullable<typeof review>) {
    setReview(undefined);
    if (!account) return;
    setBusy(true);
    try {
      const result = await send({
        ...router,
        functionName: "swapExactTokensForTokensSupportingFeeOnTransferTokens",
        args: [
          r.amountIn,
          r.quote.minReceived,
          [...r.path],
          account,
          deadlineAt(Math.floor(Date.now() / 1000), market.blockTime, r.deadlineMin),
        ],
        spend: { token: r.path[0], spender: router.address, amount: r.amountIn },
      });
      if (result.ok) setText("");
      // a failed swap usually means the pool moved: show the new price
      else await queryClient.invalidateQueries();
    } finally {
      setBusy(false);
    }
  }

  /** Turns the direction round; what this quote receives becomes the amount to pay. */
  function flip() {
    setSide(side === "buy" ? "sell" : "buy");
    setText(quote ? formatAmount(quote.received, { fractionDigits: 18, grouping: false }) : "");
  }

  const value = (amount: bigint, sym: string) =>
    t("swap.exchange.value", { amount: formatAmount(amount, { fractionDigits: 6 }), symbol: sym });

  return (
    <section className="card" aria-labelledby="exchange-title">
      <h2 id="exchange-title" className="card-title">
        {t("swap.exchange.title")}
      </h2>
      <div className="field">
        <label htmlFor="swap-pair">{t("swap.exchange.pair")}</label>
        <select
          id="swap-pair"
          className="input"
          value={tokenIndex}
          onChange={(e) => {
            setTokenIndex(Number(e.target.value));
            setText("");
          }}
        >
          {swapTokens.map((x, i) => (
            <option key={x.name} value={i}>
              {`USDT / ${symbols[i]}`}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="choice-group">
        <legend>{t("swap.exchange.direction")}</legend>
        {(["buy", "sell"] as const).map((s) => (
          <label key={s} className="choice">
            <input
              type="radio"
              name="swap-side"
              checked={side === s}
              onChange={() => {
                setSide(s);
                setText("");
              }}
            />
            <span>{t(`swap.exchange.${s}`, { symbol })}</span>
          </label>
        ))}
        <button type="button" className="button ghost small flip-button" onClick={flip}>
          <span aria-hidden="true">⇅ </span>
          {t("swap.exchange.flip")}
        </button>
      </fieldset>
      <AmountInput
        label={t("swap.exchange.pay", { symbol: inSymbol })}
        value={text}
        onChange={setText}
        rules={{ balance }}
        maxText={
          balance !== undefined && balance > 0n
            ? formatAmount(balance, { fractionDigits: 18, grouping: false })
            : undefined
        }
      />
      <dl className="kv">
        {connection.accountExpected && (
          <div>
            <dt>{t("swap.exchange.balance")}</dt>
            <dd>{balance !== undefined ? value(balance, inSymbol) : <ValuePending />}</dd>
          </div>
        )}
        {(market.reserves ? market.reserves.token > 0n : !market.isError) && (
          <div>
            <dt>{t("swap.exchange.price")}</dt>
            <dd>
              {market.reserves ? (
                t("swap.exchange.priceValue", {
                  symbol,
                  price: formatAmount(spotPrice(market.reserves), { fractionDigits: 6 }),
                })
              ) : (
                <ValuePending />
              )}
            </dd>
          </div>
        )}
        {quote && (
          <>
            <div>
              <dt>{t("swap.exchange.expected")}</dt>
              <dd className="kv-strong">{value(quote.received, outSymbol)}</dd>
            </div>
            <div>
              <dt>{t("swap.exchange.minReceived")}</dt>
              <dd>{value(quote.minReceived, outSymbol)}</dd>
            </div>
            <div>
              <dt>{t("swap.exchange.priceImpact")}</dt>
              <dd className={quote.priceImpactBps > BigInt(HIGH_IMPACT_BPS) ? "error-text" : undefined}>
                {percentFromBps(quote.priceImpactBps)}%
              </dd>
            </div>
            <div>
              <dt>{t("swap.exchange.fee")}</dt>
              <dd>{value(quote.fee, symbol)}</dd>
            </div>
            {quote.burn > 0n && (
              <div>
                <dt>{t("swap.exchange.burn")}</dt>
                <dd>{value(quote.burn, symbol)}</dd>
              </div>
            )}
          </>
        )}
      </dl>
      {quote && quote.priceImpactBps > BigInt(HIGH_IMPACT_BPS) && (
        <p className="warn-text">
          {t("swap.exchange.highImpact", { impact: percentFromBps(quote.priceImpactBps) })}
        </p>
      )}
      {liquifies && amountIn !== undefined && <p className="warn-text">{t("swap.exchange.liquifyNote")}</p>}
      {(market.isError || routerQuote.isError) && (
        <p className="error-text">{t("swap.exchange.quoteFailed")}</p>
      )}
      <SwapSettingsFields settings={settings} onValidChange={setSettingsValid} />
      <button
        type="button"
        className="button block"
        disabled={!!reason || !quote || !settingsValid || busy || routerQuote.isFetching}
        aria-describedby={reason ? "swap-blocked" : undefined}
        onClick={openReview}
      >
        {t("swap.exchange.button")}
      </button>
      {review && (
        <SwapReview data={review} onConfirm={() => void swap(review)} onCancel={() => setReview(undefined)} />
      )}
      {reason && reason !== "loading" && (
        <p id="swap-blocked" className="blocked-reason">
          {reason === "notConnected" ? (
            <button type="button" className="link-button" onClick={() => openPicker(true)}>
              {t("swap.blocked.notConnected")}
            </button>
          ) : (
            t(`swap.blocked.${reason}`, { chain: appChain.name })
          )}
        </p>
      )}
    </section>
  );
}

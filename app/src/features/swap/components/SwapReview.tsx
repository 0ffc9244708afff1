import { useState } from "react";
import { ConfirmModal } from "../../../components/ConfirmModal";
import { TypedPhraseField } from "../../../components/TypedPhraseField";
import { useTranslation } from "../../../i18n";
import { formatAmount, percentFromBps } from "../../../lib/format";
import { type Quote, impactGuard } from "../logic";

/** What the member reviews, frozen when Swap was pressed: exactly this is sent. */
export type SwapReviewData = {
  amountIn: bigint;
  quote: Quote;
  inSymbol: string;
  outSymbol: string;
  /** the project token's symbol (the fee and the burn are in it) */
  tokenSymbol: string;
  slippageBps: number;
  deadlineMin: number;
};

/**
 * The review before a swap is sent: amounts, minimum received, price impact, fee and burn, route,
 * slippage and deadline. Above 5% impact the member ticks what it costs; above 15% types the phrase.
 */
export function SwapReview({
  data,
  onConfirm,
  onCancel,
}: {
  data: SwapReviewData;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const { quote } = data;
  const guard = impactGuard(quote.priceImpactBps);
  const impact = percentFromBps(quote.priceImpactBps);
  const phrase = t("swap.review.phrase");
  const [accepted, setAccepted] = useState(false);
  const [typed, setTyped] = useState("");
  const canConfirm =
    guard === "none" || (guard === "acknowledge" ? accepted : typed.trim().toLowerCase() === phrase);
  const value = (amount: bigint, symbol: string) =>
    t("swap.exchange.value", { amount: formatAmount(amount, { fractionDigits: 6 }), symbol });

  return (
    <ConfirmModal
      title={t("swap.review.title")}
      canConfirm={canConfirm}
      confirmLabel={t(guard === "none" ? "swap.review.confirm" : "swap.review.confirmAnyway")}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <dl className="kv">
        <div>
          <dt>{t("swap.review.pay")}</dt>
          <dd className="kv-strong">{value(data.amountIn, data.inSymbol)}</dd>
        </div>
        <div>
          <dt>{t("swap.exchange.expected")}</dt>
          <dd className="kv-strong">{value(quote.received, data.outSymbol)}</dd>
        </div>
        <div>
          <dt>{t("swap.exchange.minReceived")}</dt>
          <dd>{value(quote.minReceived, data.outSymbol)}</dd>
        </div>
        <div>
          <dt>{t("swap.exchange.priceImpact")}</dt>
          <dd className={guard === "none" ? undefined : "error-text"}>{impact}%</dd>
        </div>
        <div>
          <dt>{t("swap.exchange.fee")}</dt>
          <dd>{value(quote.fee, data.tokenSymbol)}</dd>
        </div>
        {quote.burn > 0n && (
          <div>
            <dt>{t("swap.exchange.burn")}</dt>
            <dd>{value(quote.burn, data.tokenSymbol)}</dd>
          </div>
        )}
        <div>
          <dt>{t("swap.review.route")}</dt>
          <dd>{t("swap.review.routeValue", { from: data.inSymbol, to: data.outSymbol })}</dd>
        </div>
        <div>
          <dt>{t("swap.settings.slippage")}</dt>
          <dd>{percentFromBps(BigInt(data.slippageBps))}%</dd>
        </div>
        <div>
          <dt>{t("swap.review.deadline")}</dt>
          <dd>{t("swap.review.minutes", { minutes: data.deadlineMin })}</dd>
        </div>
      </dl>
      <p className="modal-text">
        {t("swap.review.slippageNote", { minimum: value(quote.minReceived, data.outSymbol) })}
      </p>
      {guard !== "none" && (
        <p className="error-text" role="alert">
          {t("swap.review.impactWarning", { impact })}
        </p>
      )}
      {guard === "acknowledge" && (
        <label className="choice">
          <input type="checkbox" checked={accepted} onChange={(e) => setAccepted(e.target.checked)} />
          <span>{t("swap.review.acknowledge", { impact })}</span>
        </label>
      )}
      {guard === "typed" && (
        <TypedPhraseField
          id="swap-typed-confirm"
          label={t("swap.review.typeToConfirm", { phrase })}
          value={typed}
          onChange={setTyped}
        />
      )}
    </ConfirmModal>
  );
}

import { useTranslation } from "../../../i18n";
import { formatAmount } from "../../../lib/format";
import { useIdoTotals } from "../hooks/useIdoAccount";
import { ReadPending } from "../../../components/ReadError";

/** The sale's totals (`getTotals`). */
export function TotalsCard() {
  const { t } = useTranslation();
  const { totals, isError } = useIdoTotals();
  return (
    <section className="card" aria-labelledby="totals-title">
      <h2 id="totals-title" className="card-title">
        {t("ido.totals.title")}
      </h2>
      {!totals ? (
        <ReadPending isError={isError} />
      ) : (
        <dl className="kv">
          <div>
            <dt>{t("ido.totals.users")}</dt>
            <dd>{totals.totalUser.toString()}</dd>
          </div>
          <div>
            <dt>{t("ido.totals.amount")}</dt>
            <dd>{formatAmount(totals.totalAmount)} USDT</dd>
          </div>
          <div>
            <dt>{t("ido.totals.tokens")}</dt>
            <dd>{formatAmount(totals.totalTokens)}</dd>
          </div>
          <div>
            <dt>{t("ido.totals.direct")}</dt>
            <dd>{formatAmount(totals.totalDirect)} USDT</dd>
          </div>
          <div>
            <dt>{t("ido.totals.indirect")}</dt>
            <dd>{formatAmount(totals.totalIndirect)} USDT</dd>
          </div>
          <div>
            <dt>{t("ido.totals.extracted")}</dt>
            <dd>{formatAmount(totals.totalExtract)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

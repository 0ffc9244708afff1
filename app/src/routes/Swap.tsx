import { useTranslation } from "../i18n";
import { ExchangeCard } from "../features/swap/components/ExchangeCard";
import { LpSwapCard } from "../features/swap/components/LpSwapCard";
import { PriceChartCard } from "../features/swap/components/PriceChartCard";
import { dex } from "../features/swap/contracts";
import { useAppConnection } from "../app/useAppConnection";

/**
 * `/swap` (lazy): the flash exchange (USDT <-> each project token), the price chart, then the LP swap
 * and claim panel.
 */
export default function Swap() {
  const { t } = useTranslation();
  const connection = useAppConnection();
  return (
    <section className="page swap">
      <h1 className="page-title">{t("pages.swap")}</h1>
      {dex ? (
        <>
          <ExchangeCard connection={connection} />
          <PriceChartCard account={connection.ready ? connection.address : undefined} />
        </>
      ) : (
        <section className="card empty">
          <p>{t("swap.unavailable")}</p>
        </section>
      )}
      <LpSwapCard connection={connection} />
    </section>
  );
}

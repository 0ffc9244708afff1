import { useTranslation } from "../../../i18n";
import { formatAmount, percentFromBps } from "../../../lib/format";
import { TIER_COUNT, type Tier, aprBps } from "../logic";
import { ReadError } from "../../../components/ReadError";
import { Loading, SkeletonValue } from "../../../components/Skeleton";

const TIER_FIELDS = ["dailyRate", "apr", "stock", "range", "userMax"] as const;

/** The 5 tiers: days, daily rate and APR, stock left, min / max per order, my max (per member). */
export function TiersCard({ tiers, isError }: { tiers: Tier[] | undefined; isError: boolean }) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="tiers-title">
      <h2 id="tiers-title" className="card-title">
        {t("stakes.tiers.title")}
      </h2>
      {!tiers ? (
        isError ? (
          <ReadError />
        ) : (
          <TierPlaceholders />
        )
      ) : (
        <ul className="tier-list">
          {tiers.map((tier) => (
            <li key={tier.index} className={tier.open ? undefined : "tier-closed"}>
              <div className="tier-head">
                <strong>{t("stakes.tiers.days", { days: tier.days.toString() })}</strong>
                {!tier.open && <span className="stage-badge">{t("stakes.tiers.closed")}</span>}
              </div>
              <dl className="kv tier-kv">
                <div>
                  <dt>{t("stakes.tiers.dailyRate")}</dt>
                  <dd>{t("stakes.tiers.percent", { value: percentFromBps(tier.rate) })}</dd>
                </div>
                <div>
                  <dt>{t("stakes.tiers.apr")}</dt>
                  <dd>{t("stakes.tiers.percent", { value: percentFromBps(aprBps(tier.rate)) })}</dd>
                </div>
                <div>
                  <dt>{t("stakes.tiers.stock")}</dt>
                  <dd>{formatAmount(tier.stock)} USDT</dd>
                </div>
                <div>
                  <dt>{t("stakes.tiers.range")}</dt>
                  <dd>
                    {formatAmount(tier.min)} / {formatAmount(tier.max)}
                  </dd>
                </div>
                <div>
                  <dt>{t("stakes.tiers.userMax")}</dt>
                  <dd>{formatAmount(tier.userMax)} USDT</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The tiers' rows with their labels and placeholder values, as tall as the tiers that replace them. */
function TierPlaceholders() {
  const { t } = useTranslation();
  return (
    <Loading>
      <ul className="tier-list" aria-hidden="true">
        {Array.from({ length: TIER_COUNT }, (_, index) => (
          <li key={index}>
            <div className="tier-head">
              <SkeletonValue />
            </div>
            <dl className="kv tier-kv">
              {TIER_FIELDS.map((field) => (
                <div key={field}>
                  <dt>{t(`stakes.tiers.${field}`)}</dt>
                  <dd>
                    <SkeletonValue />
                  </dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
    </Loading>
  );
}

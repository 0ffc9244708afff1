import { useTranslation } from "../../../i18n";
import { Link } from "../../../lib/router";
import { Countdown } from "../../../components/Countdown";
import { formatAmount } from "../../../lib/format";
import { type IdoOverview, useSalePhase } from "../hooks/useIdoOverview";
import { type SalePhase, tierOf } from "../logic";
import { ReadError } from "../../../components/ReadError";
import { SkeletonLines } from "../../../components/Skeleton";

const COUNTDOWN_LABEL = {
  before: "ido.startsIn",
  open: "ido.endsIn",
  over: "ido.claimsOpenIn",
  claims: "ido.endsIn",
} as const satisfies Record<SalePhase, string>;

/**
 * The sale at a glance: stage with its countdown (to the start, the end, or the claim opening),
 * progress idoHas/idoMax, price and, while it can still be bought, the tier the next buyer gets
 * (`tokensFor(idoHas + 1)`). Used on home (with a link to /ido that says what to do there) and on /ido.
 */
export function PresaleCard({ overview, showLink }: { overview: IdoOverview; showLink?: boolean }) {
  const { t } = useTranslation();
  const sale = useSalePhase(overview);
  const { config } = overview;
  const symbol = overview.tokenSymbol ?? t("ido.token");

  let body;
  if (overview.isError) {
    body = <ReadError />;
  } else if (!config || !sale) {
    body = <SkeletonLines lines={12} />;
  } else {
    const { stage, phase, countdownTo, offset } = sale;
    const countdownLabel = stage === "priority" ? "ido.opensToAllIn" : COUNTDOWN_LABEL[phase];
    const badge = phase === "claims" ? "claims" : stage;
    const sold = config.idoMax > 0n ? Number((config.idoHas * 1000n) / config.idoMax) / 10 : 0;
    body = (
      <>
        <dl className="kv">
          <div>
            <dt>{t("ido.stageLabel")}</dt>
            <dd>
              <span className={`stage-badge stage-${badge}`}>{t(`ido.stage.${badge}`)}</span>
            </dd>
          </div>
          {countdownTo !== undefined && (
            <div>
              <dt>{t(countdownLabel)}</dt>
              <dd>
                <Countdown targetSec={countdownTo - offset} />
              </dd>
            </div>
          )}
          <div>
            <dt>{t("ido.progress")}</dt>
            <dd>
              {t("ido.progressValue", {
                has: formatAmount(config.idoHas, { decimals: 0 }),
                max: formatAmount(config.idoMax, { decimals: 0 }),
              })}
              <progress
                className="progress"
                value={Number(config.idoHas)}
                max={Number(config.idoMax) || 1}
                aria-label={`${t("ido.progress")} ${sold}%`}
              />
            </dd>
          </div>
          <div>
            <dt>{t("ido.price")}</dt>
            <dd>
              {t("ido.priceValue", { amount: formatAmount(config.idoAmount), symbol: overview.paySymbol })}
            </dd>
          </div>
          {(phase === "before" || phase === "open") && (
            <div>
              <dt>{t("ido.tier")}</dt>
              <dd>
                {overview.nextTokens === undefined
                  ? t("common.loading")
                  : t("ido.tierValue", {
                      tier: tierOf(config.idoHas + 1n),
                      tokens: formatAmount(overview.nextTokens),
                      symbol,
                    })}
              </dd>
            </div>
          )}
        </dl>
        {showLink && (
          <Link className="button block" to="/ido">
            {phase === "over"
              ? t("ido.viewAllocation")
              : phase === "claims"
                ? t("ido.claimTokens", { symbol })
                : t("ido.join")}
          </Link>
        )}
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="presale-title">
      <h2 id="presale-title" className="card-title">
        {t("ido.presale")}
      </h2>
      {body}
    </section>
  );
}

import { useTranslation } from "../../../i18n";
import { Link } from "../../../lib/router";
import { Countdown } from "../../../components/Countdown";
import { formatAmount } from "../../../lib/format";
import { type IdoOverview, useChainNow } from "../hooks/useIdoOverview";
import { idoStage, tierOf } from "../logic";
import { ReadError } from "../../../components/ReadError";

/**
 * The sale at a glance: stage with its countdown, progress idoHas/idoMax, price and the tier the next
 * buyer gets (`tokensFor(idoHas + 1)`). Used on home (with a link to /ido) and on /ido.
 */
export function PresaleCard({ overview, showLink }: { overview: IdoOverview; showLink?: boolean }) {
  const { t } = useTranslation();
  const { now, offset } = useChainNow(overview);
  const { config, priorityWindow } = overview;

  let body;
  if (!overview.available) {
    body = <p className="muted">{t("ido.unavailable")}</p>;
  } else if (overview.isError) {
    body = <ReadError />;
  } else if (!config || priorityWindow === undefined) {
    body = <p className="muted">{t("common.loading")}</p>;
  } else {
    const { stage, countdownTo } = idoStage({ ...config, priorityWindow }, now);
    const countdownLabel =
      stage === "notStarted" ? "ido.startsIn" : stage === "priority" ? "ido.opensToAllIn" : "ido.endsIn";
    const sold = config.idoMax > 0n ? Number((config.idoHas * 1000n) / config.idoMax) / 10 : 0;
    body = (
      <>
        <dl className="kv">
          <div>
            <dt>{t("ido.stageLabel")}</dt>
            <dd>
              <span className={`stage-badge stage-${stage}`}>{t(`ido.stage.${stage}`)}</span>
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
            <dd>{t("ido.priceValue", { amount: formatAmount(config.idoAmount) })}</dd>
          </div>
          <div>
            <dt>{t("ido.tier")}</dt>
            <dd>
              {overview.nextTokens === undefined
                ? t("common.loading")
                : t("ido.tierValue", {
                    tier: tierOf(config.idoHas + 1n),
                    tokens: formatAmount(overview.nextTokens),
                  })}
            </dd>
          </div>
        </dl>
        {showLink && (
          <Link className="button block" to="/ido">
            {t("ido.join")}
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

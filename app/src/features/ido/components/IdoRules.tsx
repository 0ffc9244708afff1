import { useTranslation } from "../../../i18n";
import { env } from "../../../lib/env";
import { formatAmount, percentFromBps, dateFormat } from "../../../lib/format";
import { type IdoOverview, useChainNow } from "../hooks/useIdoOverview";
import { TIER1_END, TIER2_END, dayHasPassed } from "../logic";
import { ReadPending } from "../../../components/ReadError";

/** Formats a unix time or a YYYY-MM-DD day in the shown locale. */
function formatDate(value: Date, withTime: boolean): string {
  return dateFormat({
    dateStyle: "long",
    ...(withTime ? { timeStyle: "short" } : { timeZone: "UTC" }),
  }).format(value);
}

/**
 * The presale rules. Every number comes from the chain (`getConfig`, the priority
 * window and rights) or the tier boundaries fixed in the contract; the payment-proof deadline is
 * `VITE_IDO_PROOF_DEADLINE`.
 */
export function IdoRules({ overview }: { overview: IdoOverview }) {
  const { t } = useTranslation();
  const { now } = useChainNow(overview);
  const { config, priorityWindow, maxPriorityRights } = overview;
  const symbol = overview.tokenSymbol ?? t("ido.token");
  const ready = config && priorityWindow !== undefined && maxPriorityRights !== undefined;

  return (
    <section className="card" aria-labelledby="rules-title">
      <h2 id="rules-title" className="card-title">
        {t("ido.rules.title")}
      </h2>
      {!ready ? (
        <ReadPending isError={overview.isError} lines={20} />
      ) : (
        <ol className="rules">
          <li>{t("ido.rules.one")}</li>
          <li>
            {t("ido.rules.tiers", {
              tier1End: TIER1_END.toString(),
              tokens1: formatAmount(config.idoTokens1),
              tier2Start: (TIER1_END + 1n).toString(),
              tier2End: TIER2_END.toString(),
              tokens2: formatAmount(config.idoTokens2),
              tier3Start: (TIER2_END + 1n).toString(),
              idoMax: config.idoMax.toString(),
              tokens3: formatAmount(config.idoTokens3),
              symbol,
            })}
          </li>
          <li>
            {t(now >= Number(config.extractTime) ? "ido.rules.claimOpen" : "ido.rules.claim", {
              extractTime: formatDate(new Date(Number(config.extractTime) * 1000), true),
              symbol,
            })}
          </li>
          <li>
            {t("ido.rules.priority", {
              minutes: (priorityWindow / 60n).toString(),
              rights: maxPriorityRights.toString(),
            })}
          </li>
          <li>
            {t("ido.rules.referral", {
              direct: percentFromBps(config.directRate),
              indirect: percentFromBps(config.indirectRate),
            })}
          </li>
          <li className="rules-notice">
            {t("ido.rules.notice", { amount: formatAmount(config.idoAmount), symbol: overview.paySymbol })}
          </li>
          {env.idoProofDeadline && (
            <li className="rules-notice">
              {t(
                dayHasPassed(env.idoProofDeadline, now) ? "ido.rules.deadlinePassed" : "ido.rules.deadline",
                {
                  date: formatDate(new Date(`${env.idoProofDeadline}T00:00:00Z`), false),
                },
              )}
            </li>
          )}
        </ol>
      )}
    </section>
  );
}

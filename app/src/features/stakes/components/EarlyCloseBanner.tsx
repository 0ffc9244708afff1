import { Countdown } from "../../../components/Countdown";
import { useTranslation } from "../../../i18n";
import type { Announcement } from "../../../lib/announcement";
import { formatUtc } from "../../../lib/format";
import { AddressLink } from "../../../components/AddressLink";

type Props = {
  announcement: Announcement | undefined;
  /** the chain's clock and its lead over the local one (a Countdown ticks locally) */
  now: number;
  offset: number;
};

/**
 * A change of Staking is announced: what (an upgrade to an implementation, an ownership transfer), when it
 * may land (UTC, with a countdown), and that orders opened before the announcement can be closed early until
 * then, for their principal less what they paid out. Nothing when no change is announced.
 */
export function EarlyCloseBanner({ announcement, now, offset }: Props) {
  const { t } = useTranslation();
  if (!announcement) return null;
  const { implementation, newOwner, announcedAt, readyAt } = announcement;
  const landing = BigInt(Math.floor(now)) >= readyAt;
  return (
    <section className="card announce-card" role="region" aria-labelledby="early-close-title">
      <h2 id="early-close-title" className="card-title">
        {t("stakes.earlyClose.title")}
      </h2>
      <ul className="announce-changes">
        {implementation && (
          <li>
            {t("stakes.earlyClose.upgrade")} <AddressLink address={implementation} width="full" />
          </li>
        )}
        {newOwner && (
          <li>
            {t("stakes.earlyClose.transfer")} <AddressLink address={newOwner} width="full" />
          </li>
        )}
      </ul>
      <dl className="kv">
        <div>
          <dt>{t("stakes.earlyClose.announcedAt")}</dt>
          <dd>{formatUtc(announcedAt)}</dd>
        </div>
        <div>
          <dt>{t("stakes.earlyClose.readyAt")}</dt>
          <dd data-testid="announce-ready-at">{formatUtc(readyAt)}</dd>
        </div>
        <div>
          <dt>{t("stakes.earlyClose.countdown")}</dt>
          <dd>
            {landing ? t("stakes.earlyClose.landing") : <Countdown targetSec={Number(readyAt) - offset} />}
          </dd>
        </div>
      </dl>
      <p className="small">{t("stakes.earlyClose.rule", { time: formatUtc(announcedAt) })}</p>
    </section>
  );
}

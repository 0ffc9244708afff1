import { Countdown } from "../../../../components/Countdown";
import { Message } from "../../../../components/Message";
import { useTranslation } from "../../../../i18n";
import { durationText } from "../../duration";
import type { Announcement } from "../../../../lib/announcement";
import { type OwnerChange, landingCheck, landingWarning } from "../../announce";
import { type Prepared } from "../../hooks/useAdminCall";
import { useAnnouncement } from "../../hooks/useAnnouncement";
import { useChainClock } from "../../hooks/useChainClock";
import { formatUtc } from "../../../../lib/format";
import { AddressLink } from "../../../../components/AddressLink";

/**
 * Under Staking's upgrade and ownership cards: while orders are open it accepts an upgrade or a transfer only
 * once announced (`announce`) `EXIT_WINDOW` before, refusing it otherwise (`NotAnnounced`); and what is
 * announced now, with when it may land.
 */
export function AnnouncedRule({
  kind,
  announced,
}: {
  kind: "upgrade" | "transfer";
  announced: ReturnType<typeof useAnnouncement>;
}) {
  const { t } = useTranslation();
  const window = announced.exitWindow === undefined ? "…" : durationText(announced.exitWindow, t);
  const a = announced.announcement;
  const target = kind === "upgrade" ? a?.implementation : a?.newOwner;
  return (
    <p className="muted small manager-note" data-testid={`announce-rule-${kind}`}>
      {t(kind === "upgrade" ? "manager.announce.upgradeRule" : "manager.announce.transferRule", { window })}{" "}
      {!announced.loaded
        ? "…"
        : target && a
          ? t("manager.announce.announced", { target, time: formatUtc(a.readyAt) })
          : t("manager.announce.nothing")}
    </p>
  );
}

/** In an upgrade's or a transfer's confirm: Staking will refuse it when it runs (not announced, or too early). */
export function LandingWarning({
  announcement,
  change,
  prepared,
  now,
}: {
  announcement: Announcement | undefined;
  change: OwnerChange;
  prepared: Prepared;
  now: bigint;
}) {
  const runAt = prepared.route === "timelock" ? prepared.readyAt : now;
  const warning = landingWarning(landingCheck(announcement, change, runAt));
  if (!warning) return null;
  return (
    <p className="modal-text error-text" role="alert" data-testid="landing-warning">
      <Message message={warning} />
    </p>
  );
}

/** What is announced: the new implementation and/or owner, when, and when it may land (with a countdown). */
export function AnnouncementDetails({
  announcement: a,
  testId,
}: {
  announcement: Announcement;
  testId?: string;
}) {
  const { t } = useTranslation();
  const clock = useChainClock();
  return (
    <dl className="kv" data-testid={testId}>
      {a.implementation && (
        <div>
          <dt>{t("governance.announcement.implementation")}</dt>
          <dd data-testid="announced-implementation">
            <AddressLink address={a.implementation} width="full" />
          </dd>
        </div>
      )}
      {a.newOwner && (
        <div>
          <dt>{t("governance.announcement.newOwner")}</dt>
          <dd data-testid="announced-owner">
            <AddressLink address={a.newOwner} width="full" />
          </dd>
        </div>
      )}
      <div>
        <dt>{t("governance.announcement.announcedAt")}</dt>
        <dd>{formatUtc(a.announcedAt)}</dd>
      </div>
      <div>
        <dt>{t("governance.announcement.readyAt")}</dt>
        <dd data-testid="announced-ready-at">{formatUtc(a.readyAt)}</dd>
      </div>
      <div>
        <dt>{t("governance.countdown")}</dt>
        <dd>
          {clock.now >= a.readyAt ? (
            t("governance.announcement.landing")
          ) : (
            <Countdown targetSec={Number(a.readyAt) - clock.offset} />
          )}
        </dd>
      </div>
    </dl>
  );
}

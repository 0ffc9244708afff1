import { Message } from "../../../../components/Message";
import { useTranslation } from "../../../../i18n";
import { durationText } from "../../duration";
import type { Announcement } from "../../../../lib/announcement";
import { type OwnerChange, landingCheck, landingWarning } from "../../announce";
import { type Prepared } from "../../hooks/useAdminCall";
import { useAnnouncement } from "../../hooks/useAnnouncement";
import { formatUtc } from "../../../../lib/format";

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

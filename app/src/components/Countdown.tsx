import { useTranslation } from "../i18n";
import { countdown } from "../lib/countdown";
import { useNow } from "../lib/useNow";

/** dd d hh h mm m ss s until `targetSec` (unix seconds), ticking every second. */
export function Countdown({ targetSec }: { targetSec: number }) {
  const { t } = useTranslation();
  const now = useNow();
  const c = countdown(targetSec, now);
  return (
    <span className="countdown" role="timer">
      {c.days}
      <small>{t("countdown.days")}</small> {c.hours}
      <small>{t("countdown.hours")}</small> {c.minutes}
      <small>{t("countdown.minutes")}</small> {c.seconds}
      <small>{t("countdown.seconds")}</small>
    </span>
  );
}

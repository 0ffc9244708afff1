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
      {/* a narrow column wraps between the parts, never between a number and its unit */}
      <span>
        {c.days}
        <small>{t("countdown.days")}</small>
      </span>{" "}
      <span>
        {c.hours}
        <small>{t("countdown.hours")}</small>
      </span>{" "}
      <span>
        {c.minutes}
        <small>{t("countdown.minutes")}</small>
      </span>{" "}
      <span>
        {c.seconds}
        <small>{t("countdown.seconds")}</small>
      </span>
    </span>
  );
}

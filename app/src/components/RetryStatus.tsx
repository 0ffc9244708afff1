import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "../i18n";

/** Seconds between automatic retries of a failed read while its error is on screen. */
export const AUTO_RETRY_SECONDS = 10;

/**
 * The retry state of a failed read (chain RPC or backend down): a countdown to the next automatic retry,
 * "Retrying…" while one runs, and a button to retry at once. Inline, never an overlay: a failed retry
 * only restarts the countdown.
 */
export function RetryStatus({ onRetry, label }: { onRetry: () => Promise<unknown>; label?: string }) {
  const { t } = useTranslation();
  const [secondsLeft, setSecondsLeft] = useState(AUTO_RETRY_SECONDS);
  const [retrying, setRetrying] = useState(false);
  const left = useRef(AUTO_RETRY_SECONDS);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // The latest `onRetry` without restarting the countdown: a parent that renders every second (a ticking
  // clock) passes a new function each time, and a countdown restarted with it would never reach zero.
  const latestRetry = useRef(onRetry);
  useEffect(() => {
    latestRetry.current = onRetry;
  }, [onRetry]);

  const retry = useCallback(async () => {
    setRetrying(true);
    try {
      await latestRetry.current();
    } catch {
      // the read's own error state shows the failure
    } finally {
      if (mounted.current) {
        left.current = AUTO_RETRY_SECONDS;
        setSecondsLeft(AUTO_RETRY_SECONDS);
        setRetrying(false);
      }
    }
  }, []);

  useEffect(() => {
    if (retrying) return;
    const id = setInterval(() => {
      left.current -= 1;
      if (left.current <= 0) void retry();
      else setSecondsLeft(left.current);
    }, 1000);
    return () => clearInterval(id);
  }, [retrying, retry]);

  return (
    <>
      <p className="muted small" role="status">
        {retrying ? t("common.retrying") : t("common.retryIn", { seconds: secondsLeft })}
      </p>
      <button type="button" className="button ghost small" disabled={retrying} onClick={() => void retry()}>
        {label ?? t("common.retry")}
      </button>
    </>
  );
}

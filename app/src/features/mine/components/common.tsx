import type { ReactNode } from "react";
import { useRetryFailedReads } from "../../../components/ReadError";
import { useTranslation } from "../../../i18n";
import { Message } from "../../../components/Message";
import { RetryStatus } from "../../../components/RetryStatus";
import { Loading, SkeletonValue } from "../../../components/Skeleton";
import { formatAmount } from "../../../lib/format";
import type { PaidFlowState } from "../hooks/usePaidFlow";
import { errorMessage } from "../errors";

/**
 * Loading / error / empty states of one backend read, then `children(data)`. On an error the retry (automatic, or
 * at once with the button) reads again every failed read on screen, so every card recovers together. While it
 * loads, `placeholder` (about as tall as what replaces it, so the page does not jump) or a line saying so.
 */
export function QueryBody<T>({
  query,
  isEmpty,
  placeholder,
  children,
}: {
  query: { isError: boolean; error: unknown; data: T | undefined };
  isEmpty?: (data: T) => boolean;
  placeholder?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const retry = useRetryFailedReads();
  if (query.isError) {
    return (
      <div className="mine-error">
        <p className="error-text" role="alert">
          <Message message={errorMessage(query.error)} />
        </p>
        <RetryStatus onRetry={retry} label={t("mine.retry")} />
      </div>
    );
  }
  if (query.data === undefined) return placeholder ?? <p className="muted">{t("common.loading")}</p>;
  if (isEmpty?.(query.data)) return <p className="muted">{t("common.noData")}</p>;
  return <>{children(query.data)}</>;
}

/** A base-unit amount string (18 decimals) as text. */
export const amount = (value: string | number | undefined) =>
  value === undefined ? "…" : formatAmount(BigInt(value));

/** The step of a paid action (checking, paying, submitting, done) and its error. */
export function FlowStatus({
  state,
  doneKey,
}: {
  state: PaidFlowState;
  doneKey: "mine.buy.done" | "mine.withdraw.done";
}) {
  const { t } = useTranslation();
  if (state.step === "idle") return null;
  if (state.step === "done") {
    return (
      <p className="mine-flow ok" role="status">
        {t(doneKey)}
      </p>
    );
  }
  if (state.step === "failed" || state.step === "unsubmitted") {
    return (
      <p className="mine-flow error-text" role="alert">
        {state.step === "unsubmitted" ? t("mine.pay.unsubmitted") + " " : ""}
        {state.message && <Message message={state.message} />}
      </p>
    );
  }
  return (
    <p className="mine-flow muted" role="status">
      {t(`mine.pay.steps.${state.step}`)}
    </p>
  );
}

/**
 * A list of products (machine types, node levels) before the backend answered: `count` items shaped like
 * the real ones (name and price, a summary line, a button), so the cards below stay where they are.
 */
export function ProductsPlaceholder({ count }: { count: number }) {
  return (
    <Loading>
      <ul className="mine-list" aria-hidden="true">
        {Array.from({ length: count }, (_, index) => (
          <li key={index} className="mine-item">
            <div className="mine-item-head">
              <SkeletonValue />
              <SkeletonValue />
            </div>
            <p className="muted small">
              <SkeletonValue wide />
            </p>
            <button type="button" className="button ghost small" disabled>
              <SkeletonValue />
            </button>
          </li>
        ))}
      </ul>
    </Loading>
  );
}

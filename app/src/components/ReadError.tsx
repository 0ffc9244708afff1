import { type Query, useQueryClient } from "@tanstack/react-query";
import { useTranslation } from "../i18n";
import { RetryStatus } from "./RetryStatus";
import { SkeletonLines } from "./Skeleton";

/** A query that failed, or a multicall batch (allowFailure) with a failed call: what Retry reads again. */
export const failedRead = (query: Query) =>
  query.state.status === "error" ||
  (Array.isArray(query.state.data) &&
    query.state.data.some((item: unknown) => (item as { status?: unknown } | null)?.status === "failure"));

/** Reads again every failed read on screen (chain or backend), so every card recovers at once. */
export function useRetryFailedReads(): () => Promise<void> {
  const queryClient = useQueryClient();
  return () => queryClient.refetchQueries({ type: "active", predicate: failedRead });
}

/**
 * A chain read failed (after the query's own retry): says so, and reads again every failed query on
 * screen, automatically every AUTO_RETRY_SECONDS or at once with the button, so a dropped connection
 * does not need a page reload.
 */
export function ReadError({ message, label }: { message?: string; label?: string } = {}) {
  const { t } = useTranslation();
  const retry = useRetryFailedReads();
  return (
    <div className="read-error" role="alert">
      <p className="error-text">{message ?? t("errors.network")}</p>
      <RetryStatus onRetry={retry} label={label} />
    </div>
  );
}

/**
 * Placeholder lines until a read settles, or its error with a retry. `lines`: about as tall as what
 * replaces them, so the page does not jump when the read arrives.
 */
export function ReadPending({ isError, lines }: { isError: boolean; lines?: number }) {
  return isError ? <ReadError /> : <SkeletonLines lines={lines} />;
}

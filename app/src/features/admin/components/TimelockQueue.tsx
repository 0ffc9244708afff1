import { ReadError } from "../../../components/ReadError";
import type { ReactNode } from "react";
import { useTranslation } from "../../../i18n";
import { BEHIND_NOTE_BLOCKS } from "../../../lib/indexer";
import type { Managed } from "../registry";
import { OperationList } from "./OperationList";
import type { DescribedOperation } from "../calls";
import { useChainClock } from "../hooks/useChainClock";
import { useOperations } from "../hooks/useOperations";

/**
 * The timelock's queued operations (waiting or ready) and its recent executed and cancelled ones, from
 * the indexer or in block windows (see `useOperations`) with "Show older". `actions`: buttons under a queued operation,
 * `header` above them.
 */
export function TimelockQueue({
  timelock,
  minDelay,
  actions,
  header,
}: {
  timelock: Managed;
  minDelay: bigint | undefined;
  actions?: (op: DescribedOperation) => ReactNode;
  /** above the queued operations: what acts on several of them */
  header?: (queued: readonly DescribedOperation[]) => ReactNode;
}) {
  const { t } = useTranslation();
  const clock = useChainClock();
  const ops = useOperations(timelock, minDelay);
  const blocks = ops.range && { from: ops.range.from.toString(), to: ops.range.to.toString() };
  return (
    <>
      <section className="card" aria-labelledby="governance-queue-title">
        <h2 id="governance-queue-title" className="card-title">
          {t("governance.queue")}
        </h2>
        {ops.isLoading && <p className="muted">{t("common.loading")}</p>}
        {ops.isError && <ReadError message={t("governance.readError")} label={t("common.reload")} />}
        {ops.queued?.length === 0 && <p className="muted">{t("governance.queueEmpty")}</p>}
        {ops.queued && ops.queued.length > 0 && header?.(ops.queued)}
        {ops.queued && ops.queued.length > 0 && (
          <OperationList
            operations={ops.queued}
            clock={clock}
            label={t("governance.queue")}
            actions={actions}
          />
        )}
      </section>
      <section className="card" aria-labelledby="governance-history-title">
        <h2 id="governance-history-title" className="card-title">
          {t("governance.history")}
        </h2>
        {ops.history?.length === 0 && <p className="muted">{t("governance.historyEmpty")}</p>}
        {ops.history && ops.history.length > 0 && (
          <OperationList operations={ops.history} clock={clock} label={t("governance.history")} />
        )}
        {blocks && <p className="muted small">{t("governance.range", blocks)}</p>}
        {ops.behind !== undefined && ops.behind >= BEHIND_NOTE_BLOCKS && (
          <p className="muted small">{t("governance.behind", { blocks: ops.behind.toString() })}</p>
        )}
        {ops.isFetchingOlder && <p className="muted">{t("common.loading")}</p>}
        {ops.older && (
          <button type="button" className="button ghost" disabled={ops.isFetchingOlder} onClick={ops.older}>
            {t("governance.older")}
          </button>
        )}
      </section>
    </>
  );
}

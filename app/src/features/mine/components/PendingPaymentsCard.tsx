import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { confirmDialog } from "../../../app/store";
import { usePaidFlow } from "../hooks/usePaidFlow";
import { usePendingPayments, usePendingStore } from "../hooks/usePendingPayments";
import { FlowStatus } from "./common";
import { TxLink } from "../../../components/AddressLink";

/** Paid on chain, not yet accepted by the backend: retry the submission (the hash is never lost). */
export function PendingPaymentsCard({ address, member }: { address: Address; member: boolean }) {
  const { t } = useTranslation();
  const pending = usePendingPayments(address);
  const flow = usePaidFlow(address);
  if (pending.length === 0 && flow.state.step === "idle") return null;
  return (
    <section className="card mine-pending" aria-labelledby="mine-pending-title">
      <h2 id="mine-pending-title" className="card-title">
        {t("mine.pending.title")}
      </h2>
      {pending.length > 0 && <p className="muted small">{t("mine.pending.text")}</p>}
      <ul className="mine-list">
        {pending.map((p) => (
          <li key={p.hash} className="mine-item">
            <span>{t(`mine.pending.kinds.${p.kind}`)}</span>
            <TxLink hash={p.hash} width="long" />
            <div className="mine-actions">
              <button
                type="button"
                className="button small"
                disabled={!member || flow.busy}
                onClick={() => void flow.retry(p)}
              >
                {t("mine.pending.retry")}
              </button>
              <button
                type="button"
                className="button ghost small"
                disabled={flow.busy}
                onClick={() =>
                  void confirmDialog({ key: "mine.pending.dismissConfirm" }).then(
                    (ok) => ok && usePendingStore.getState().forget(address, p.hash),
                  )
                }
              >
                {t("mine.pending.dismiss")}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <FlowStatus state={flow.state} doneKey="mine.buy.done" />
    </section>
  );
}

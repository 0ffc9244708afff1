import { useTranslation } from "../../i18n";
import type { I18nKey } from "../../i18n/keys";
import type { TxStep, TxStepStatus } from "../../lib/tx";
import { useAppStore } from "../store";
import { Message } from "../../components/Message";
import { TxLink } from "../../components/AddressLink";

const STATUS: Record<TxStepStatus, I18nKey> = {
  queued: "tx.steps.queued",
  wallet: "tx.steps.wallet",
  pending: "tx.pending",
  confirmed: "tx.success",
};

/** The step the flow is at: the first not yet confirmed. */
const currentStep = (steps: readonly TxStep[] | undefined) =>
  steps?.find((s) => s.status !== "confirmed") ?? steps?.at(-1);

function Steps({ steps }: { steps: readonly TxStep[] }) {
  const { t } = useTranslation();
  return (
    <ol className="tx-steps" aria-label={t("tx.steps.title")}>
      {steps.map((step) => (
        <li key={step.kind} className={`tx-step tx-step-${step.status}`}>
          <span className="tx-step-label">
            <Message message={step.label} />
          </span>
          <span className="tx-step-status">{t(STATUS[step.status])}</span>
          {step.hash && <TxLink hash={step.hash} />}
        </li>
      ))}
    </ol>
  );
}

/**
 * While a transaction flow is in flight: the full-screen overlay with its steps (approve, confirm in the
 * wallet, pending with the hash and its explorer link, confirmed), which the member can move aside to a
 * small pill and bring back. Gone as soon as the flow ends, whatever its outcome.
 */
export function PendingOverlay() {
  const { t } = useTranslation();
  const pending = useAppStore((s) => s.pending > 0);
  const note = useAppStore((s) => s.pendingNote);
  const steps = useAppStore((s) => s.txSteps);
  const minimised = useAppStore((s) => s.pendingMinimised);
  const setMinimised = useAppStore((s) => s.setPendingMinimised);
  if (!pending) return null;

  if (minimised) {
    const step = currentStep(steps);
    return (
      <div className="pending-pill" role="status" aria-label={t("common.awaiting")}>
        <span className="spinner spinner-small" aria-hidden="true" />
        <span className="pending-pill-text">
          {step ? (
            <>
              <Message message={step.label} />: {t(STATUS[step.status])}
            </>
          ) : (
            t("common.awaiting")
          )}
        </span>
        {step?.hash && <TxLink hash={step.hash} />}
        <button type="button" className="link-button small" onClick={() => setMinimised(false)}>
          {t("tx.expand")}
        </button>
      </div>
    );
  }

  return (
    <div className="pending" role="status" aria-live="assertive" aria-label={t("common.awaiting")}>
      <div className="spinner" aria-hidden="true" />
      <p>{t("common.awaiting")}</p>
      {steps && <Steps steps={steps} />}
      {note && (
        <p className="pending-note">
          <Message message={note} />
        </p>
      )}
      <button type="button" className="button ghost small" onClick={() => setMinimised(true)}>
        {t("tx.minimise")}
      </button>
    </div>
  );
}

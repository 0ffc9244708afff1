import { useTranslation } from "../../i18n";
import { useAppStore } from "../store";
import { Message } from "../../components/Message";

/** Full-screen "Awaiting..." overlay while a transaction is in flight. */
export function PendingOverlay() {
  const { t } = useTranslation();
  const pending = useAppStore((s) => s.pending > 0);
  const note = useAppStore((s) => s.pendingNote);
  if (!pending) return null;
  return (
    <div className="pending" role="status" aria-live="assertive" aria-label={t("common.awaiting")}>
      <div className="spinner" aria-hidden="true" />
      <p>{t("common.awaiting")}</p>
      {note && (
        <p className="pending-note">
          <Message message={note} />
        </p>
      )}
    </div>
  );
}

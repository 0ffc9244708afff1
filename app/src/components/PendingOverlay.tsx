import { useTranslation } from "react-i18next";
import { useAppStore } from "../store";

/** Full-screen "Awaiting..." overlay while a transaction is in flight. */
export function PendingOverlay() {
  const { t } = useTranslation();
  const pending = useAppStore((s) => s.pending > 0);
  if (!pending) return null;
  return (
    <div className="pending" role="status" aria-live="assertive" aria-label={t("common.awaiting")}>
      <div className="spinner" aria-hidden="true" />
      <p>{t("common.awaiting")}</p>
    </div>
  );
}

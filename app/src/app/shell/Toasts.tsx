import { useTranslation } from "../../i18n";
import { useAppStore } from "../store";
import { Message } from "../../components/Message";

/** Toast stack: success/info/warning stay 2 s, errors 4 s (timers live in the store). */
export function Toasts() {
  const { t } = useTranslation();
  const toasts = useAppStore((s) => s.toasts);
  const dismiss = useAppStore((s) => s.dismissToast);
  return (
    <section className="toasts" aria-live="polite" aria-label={t("common.notifications")}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast-${toast.kind}`}
          role={toast.kind === "error" || toast.kind === "warning" ? "alert" : undefined}
          onClick={() => dismiss(toast.id)}
        >
          <Message message={toast.message} />
          {toast.link && (
            <>
              {" "}
              <a
                href={toast.link}
                target="_blank"
                rel="noopener noreferrer"
                onClick={(e) => e.stopPropagation()}
              >
                {t("tx.viewOnExplorer")}
              </a>
            </>
          )}
        </div>
      ))}
    </section>
  );
}

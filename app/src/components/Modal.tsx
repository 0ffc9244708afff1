import { type ReactNode, useEffect, useId } from "react";
import { useTranslation } from "react-i18next";

type ModalProps = {
  title: string;
  children: ReactNode;
  /** Without onClose the dialog cannot be dismissed (the registration overlay). */
  onClose?: () => void;
  role?: "dialog" | "alertdialog";
  className?: string;
};

/** A modal dialog whose accessible name is its title. */
export function Modal({ title, children, onClose, role = "dialog", className }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();

  useEffect(() => {
    if (!onClose) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);

  return (
    <div
      className={`backdrop ${className ?? ""}`}
      onClick={(e) => {
        if (onClose && e.target === e.currentTarget) onClose();
      }}
    >
      <div className="modal" role={role} aria-modal="true" aria-labelledby={titleId}>
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          {onClose && (
            <button type="button" className="icon-button" aria-label={t("common.close")} onClick={onClose}>
              ×
            </button>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}

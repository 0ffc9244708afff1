import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";
import { useTranslation } from "../i18n";

type ModalProps = {
  title: string;
  children: ReactNode;
  /** Without onClose the dialog cannot be dismissed (the registration overlay). */
  onClose?: () => void;
  role?: "dialog" | "alertdialog";
  className?: string;
};

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.hasAttribute("hidden"));
}

/**
 * A modal dialog whose accessible name is its title. Keyboard: focus moves into the dialog when it
 * opens (first field or button, the close button last), Tab / Shift+Tab stay inside it, Escape closes
 * it when it can be closed, and focus returns to where it was when it closes.
 */
export function Modal({ title, children, onClose, role = "dialog", className }: ModalProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = dialogRef.current;
    if (dialog) {
      const inBody = focusables(dialog).filter((el) => !el.classList.contains("modal-close"));
      (inBody[0] ?? dialog).focus();
    }
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape" && onClose) {
      e.stopPropagation();
      onClose();
      return;
    }
    if (e.key !== "Tab" || !dialogRef.current) return;
    const items = focusables(dialogRef.current);
    if (items.length === 0) {
      e.preventDefault();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (e.shiftKey && (document.activeElement === first || document.activeElement === dialogRef.current)) {
      e.preventDefault();
      last.focus();
    } else if (!e.shiftKey && document.activeElement === last) {
      e.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className={`backdrop ${className ?? ""}`}
      onClick={(e) => {
        if (onClose && e.target === e.currentTarget) onClose();
      }}
    >
      <div
        ref={dialogRef}
        className="modal"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          {onClose && (
            <button
              type="button"
              className="icon-button modal-close"
              aria-label={t("common.close")}
              onClick={onClose}
            >
              ×
            </button>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}

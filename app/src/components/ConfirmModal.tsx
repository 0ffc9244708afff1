import type { ReactNode } from "react";
import { useTranslation } from "../i18n";
import { Modal } from "./Modal";

/** An alert dialog with Cancel and Confirm; Confirm stays disabled until `canConfirm`. */
export function ConfirmModal({
  title,
  children,
  onConfirm,
  onCancel,
  canConfirm = true,
  confirmLabel,
  className,
}: {
  title: string;
  children: ReactNode;
  onConfirm(): void;
  onCancel(): void;
  canConfirm?: boolean;
  /** The confirm button's text ("Confirm" by default). */
  confirmLabel?: string;
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <Modal title={title} role="alertdialog" className={className} onClose={onCancel}>
      {children}
      <div className="modal-actions">
        <button type="button" className="button ghost" onClick={onCancel}>
          {t("common.cancel")}
        </button>
        <button type="button" className="button" disabled={!canConfirm} onClick={onConfirm}>
          {confirmLabel ?? t("common.confirm")}
        </button>
      </div>
    </Modal>
  );
}

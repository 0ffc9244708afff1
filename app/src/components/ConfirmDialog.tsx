import { useTranslation } from "../i18n";
import { useAppStore } from "../store";
import { Message } from "./Message";
import { Modal } from "./Modal";

/** Shows the first queued confirm request (`confirmDialog(message)` resolves true/false). */
export function ConfirmDialog() {
  const { t } = useTranslation();
  const request = useAppStore((s) => s.confirms.find((c) => !c.answered));
  const answer = useAppStore((s) => s.answerConfirm);
  if (!request) return null;
  return (
    <Modal
      key={request.id}
      title={t("common.confirm")}
      role="alertdialog"
      className="confirm-layer"
      onClose={() => answer(request.id, false)}
    >
      <p className="modal-text">
        <Message message={request.message} />
      </p>
      <div className="modal-actions">
        <button type="button" className="button ghost" onClick={() => answer(request.id, false)}>
          {t("common.cancel")}
        </button>
        <button type="button" className="button" onClick={() => answer(request.id, true)}>
          {t("common.confirm")}
        </button>
      </div>
    </Modal>
  );
}

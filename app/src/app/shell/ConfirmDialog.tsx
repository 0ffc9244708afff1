import { useTranslation } from "../../i18n";
import { useAppStore } from "../store";
import { Message } from "../../components/Message";
import { ConfirmModal } from "../../components/ConfirmModal";

/** Shows the first queued confirm request (`confirmDialog(message)` resolves true/false). */
export function ConfirmDialog() {
  const { t } = useTranslation();
  const request = useAppStore((s) => s.confirms.find((c) => !c.answered));
  const answer = useAppStore((s) => s.answerConfirm);
  if (!request) return null;
  return (
    <ConfirmModal
      key={request.id}
      title={t("common.confirm")}
      className="confirm-layer"
      onCancel={() => answer(request.id, false)}
      onConfirm={() => answer(request.id, true)}
    >
      <p className="modal-text">
        <Message message={request.message} />
      </p>
    </ConfirmModal>
  );
}

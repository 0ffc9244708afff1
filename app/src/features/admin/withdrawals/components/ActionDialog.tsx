import { useId, useState } from "react";
import type { Address, Hash } from "viem";
import { AddressLink } from "../../../../components/AddressLink";
import { Message } from "../../../../components/Message";
import { Modal } from "../../../../components/Modal";
import { useAppStore } from "../../../../app/store";
import { useTranslation } from "../../../../i18n";
import type { AppMessage } from "../../../../i18n/keys";
import {
  type OperatorAction,
  type Withdrawal,
  amountText,
  canSendPayout,
  checkReason,
  parseHash,
} from "../logic";
import { failure, useOperatorAction, useSendPayout } from "../hooks/useWithdrawals";
import { MemberRows } from "./MemberRows";

/**
 * The confirmation of one move, naming the member and the amount. Reject and refund ask for the reason the
 * member will see; pay sends the transfer from this wallet when it is the treasury, or records a hash
 * sent elsewhere (e.g. a Safe's transaction).
 */
export function ActionDialog({
  action,
  withdrawal: w,
  treasury,
  operator,
  onClose,
}: {
  action: OperatorAction;
  withdrawal: Withdrawal;
  treasury: Address;
  operator: Address;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const toast = useAppStore((s) => s.toast);
  const move = useOperatorAction();
  const sendPayout = useSendPayout();
  const [reason, setReason] = useState("");
  const [hashText, setHashText] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppMessage>();
  const reasonId = useId();
  const hashId = useId();
  const values = { id: w.id, amount: amountText(w), member: w.username ?? w.address };

  const run = async (details: { reason?: string; hash?: Hash }) => {
    setBusy(true);
    setError(undefined);
    try {
      await move(action, w, details);
      toast("success", { key: `withdrawals.done.${action}`, values });
      onClose();
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };

  const confirm = () => {
    if (action === "approve") return void run({});
    const checked = checkReason(reason);
    if (!checked.ok) return setError(checked.message);
    void run({ reason: checked.reason });
  };

  const recordHash = () => {
    const hash = parseHash(hashText);
    if (!hash) return setError({ key: "withdrawals.badHash" });
    void run({ hash });
  };

  const sendAndRecord = async () => {
    setBusy(true);
    setError(undefined);
    const sent = await sendPayout(w);
    setBusy(false);
    if (!sent.ok) return setError(sent.message);
    // A Safe App's transfer is a proposal in Safe{Wallet}, whose hash no block holds: the payout's transaction hash
    // is recorded (Record payout) once the Safe's owners have executed it there.
    if (sent.proposed) return;
    // Kept in the field: when the API cannot accept it yet (confirmations), Record payout tries again.
    setHashText(sent.hash);
    await run({ hash: sent.hash });
  };

  return (
    <Modal title={t(`withdrawals.confirmTitle.${action}`, values)} role="alertdialog" onClose={onClose}>
      <p>{t(`withdrawals.confirmText.${action}`, values)}</p>
      <dl className="kv">
        <MemberRows withdrawal={w} />
        <div>
          <dt>{t("withdrawals.amount")}</dt>
          <dd>{amountText(w)}</dd>
        </div>
        {action === "pay" && (
          <div>
            <dt>{t("withdrawals.from")}</dt>
            <dd>
              <AddressLink address={treasury} width="full" />
            </dd>
          </div>
        )}
      </dl>
      {(action === "reject" || action === "refund") && (
        <div className="field">
          <label htmlFor={reasonId}>{t("withdrawals.reasonLabel")}</label>
          <textarea
            id={reasonId}
            className="input"
            value={reason}
            maxLength={200}
            rows={3}
            onChange={(e) => setReason(e.target.value)}
          />
        </div>
      )}
      {action === "pay" && (
        <>
          {canSendPayout(operator, treasury) ? (
            <button
              type="button"
              className="button block"
              disabled={busy}
              onClick={() => void sendAndRecord()}
            >
              {t("withdrawals.sendPayout", values)}
            </button>
          ) : (
            <p className="muted small">{t("withdrawals.notTreasury", { treasury, operator })}</p>
          )}
          <div className="field">
            <label htmlFor={hashId}>{t("withdrawals.hashLabel")}</label>
            <input
              id={hashId}
              className="input"
              value={hashText}
              placeholder="0x…"
              spellCheck={false}
              autoComplete="off"
              onChange={(e) => setHashText(e.target.value)}
            />
          </div>
        </>
      )}
      {error && (
        <p className="error-text" role="alert">
          <Message message={error} />
        </p>
      )}
      <div className="modal-actions">
        <button type="button" className="button ghost" onClick={onClose}>
          {t("common.cancel")}
        </button>
        <button
          type="button"
          className="button"
          disabled={busy}
          onClick={action === "pay" ? recordHash : confirm}
        >
          {t(`withdrawals.confirmButton.${action}`)}
        </button>
      </div>
    </Modal>
  );
}

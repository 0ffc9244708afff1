import { useState } from "react";
import { useTranslation } from "../../../i18n";
import { type Address, zeroAddress } from "viem";
import { useConfig } from "wagmi";
import { Message } from "../../../components/Message";
import { Modal } from "../../../components/Modal";
import type { AppMessage } from "../../../i18n/keys";
import { useAppStore } from "../../../app/store";
import { readPresaleUser } from "../chain";
import { validateReferrer } from "../validateReferrer";

type RegisterDialogProps = {
  account: Address;
  /** Sends `register(referrer)`; called only once the referrer passed every check. */
  onRegister: (referrer: Address) => Promise<unknown>;
};

/** "Register binding": the referrer input (prefilled from the invitation link) and Confirm. */
export function RegisterDialog({ account, onRegister }: RegisterDialogProps) {
  const { t } = useTranslation();
  const config = useConfig();
  const inviteCode = useAppStore((s) => s.inviteCode);
  const [input, setInput] = useState(() => (inviteCode === zeroAddress ? "" : inviteCode));
  const [error, setError] = useState<AppMessage | undefined>();
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const check = await validateReferrer(input, account, (a) => readPresaleUser(config, a));
      if (!check.ok) {
        setError(check.message);
        return;
      }
      await onRegister(check.referrer);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal title={t("register.title")} className="register-layer">
      <form
        className="register-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <input
          className="input"
          type="text"
          aria-label={t("register.label")}
          placeholder={t("register.placeholder")}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
        />
        {error && (
          <p className="error-text" role="alert">
            <Message message={error} />
          </p>
        )}
        <button type="submit" className="button block" disabled={busy}>
          {t("register.confirm")}
        </button>
      </form>
    </Modal>
  );
}

import { type FormEvent, useState } from "react";
import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { zeroAddress } from "viem";
import { Message } from "../../../components/Message";
import type { AppMessage } from "../../../i18n/keys";
import { useAppStore } from "../../../app/store";
import { mineApi } from "../api";
import { validateUsername } from "../logic";
import { usePresaleUser } from "../../../app/usePresaleUser";
import { errorMessage } from "../errors";
import { useRefreshMine } from "../hooks/useRefreshMine";
import { useSignIn } from "../hooks/useSignIn";

/** Connect, then sign in (EIP-4361) when there is no valid login token. */
export function SignInCard({ address, expired }: { address: Address | undefined; expired: boolean }) {
  const { t } = useTranslation();
  const openPicker = useAppStore((s) => s.setWalletPickerOpen);
  const { signIn, busy, error } = useSignIn(address);
  return (
    <section className="card" aria-labelledby="mine-signin-title">
      <h2 id="mine-signin-title" className="card-title">
        {t("mine.signIn.title")}
      </h2>
      {!address ? (
        <>
          <p className="muted">{t("mine.signIn.connectFirst")}</p>
          <button type="button" className="button block" onClick={() => openPicker(true)}>
            {t("wallet.connectTitle")}
          </button>
        </>
      ) : (
        <>
          <p className="muted">{expired ? t("mine.signIn.expired") : t("mine.signIn.text")}</p>
          <button type="button" className="button block" disabled={busy} onClick={() => void signIn()}>
            {busy ? t("mine.signIn.busy") : t("mine.signIn.button")}
          </button>
          {error && (
            <p className="error-text" role="alert">
              <Message message={error} />
            </p>
          )}
        </>
      )}
    </section>
  );
}

/**
 * Backend membership: username and referrer, prefilled with the referrer the chain knows for the account
 * (Presale `users(account).refer`), else the invitation code; what the member types wins.
 */
export function RegisterCard({ address }: { address: Address | undefined }) {
  const { t } = useTranslation();
  const inviteCode = useAppStore((s) => s.inviteCode);
  const chainReferrer = usePresaleUser(address).data?.refer;
  const refresh = useRefreshMine();
  const [username, setUsername] = useState("");
  const [typed, setRecommend] = useState<string>();
  // without a referrer the code is the zero address: an empty field, not 0x000…, is shown
  const prefill = [chainReferrer, inviteCode].find((a) => a && a !== zeroAddress) ?? "";
  const recommend = typed ?? prefill;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppMessage>();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = validateUsername(username);
    if (invalid) return setError(invalid);
    const referrer = (recommend.trim() || zeroAddress) as Address;
    if (!/^0x[0-9a-fA-F]{40}$/.test(referrer)) return setError({ key: "register.invalidAddress" });
    setBusy(true);
    setError(undefined);
    try {
      await mineApi.register(username.trim(), referrer);
      await refresh();
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="card" aria-labelledby="mine-register-title">
      <h2 id="mine-register-title" className="card-title">
        {t("mine.register.title")}
      </h2>
      <p className="muted">{t("mine.register.text")}</p>
      <form className="register-form" onSubmit={(e) => void submit(e)} noValidate>
        <div className="field">
          <label htmlFor="mine-username">{t("mine.register.username")}</label>
          <input
            id="mine-username"
            className="input"
            maxLength={32}
            autoComplete="off"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="mine-recommend">{t("mine.register.recommend")}</label>
          <input
            id="mine-recommend"
            className="input"
            autoComplete="off"
            spellCheck={false}
            placeholder={t("register.placeholder")}
            value={recommend}
            onChange={(e) => setRecommend(e.target.value)}
          />
        </div>
        {error && (
          <p className="error-text" role="alert">
            <Message message={error} />
          </p>
        )}
        <button type="submit" className="button block" disabled={busy}>
          {t("mine.register.submit")}
        </button>
      </form>
    </section>
  );
}

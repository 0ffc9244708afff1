import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { QrCode } from "../../../components/QrCode";
import { copyWithToast } from "../../../app/clipboard";
import { saveFile } from "../../../app/download";
import { useAppStore } from "../../../app/store";
import { qrPng } from "../../../lib/qr";
import { inviteLink } from "../logic";

/**
 * My invitation link (`<origin>/?code=<address>`), its QR code, and three ways to pass it on: the
 * phone's share sheet (Web Share; where the browser has none, the link is copied instead), copying it,
 * and saving the QR code as a PNG.
 */
export function InviteLinkCard({ account }: { account: Address }) {
  const { t } = useTranslation();
  const link = inviteLink(window.location.origin, account);
  const copy = () =>
    copyWithToast(link, {
      copied: { key: "invites.link.copied" },
      failed: { key: "invites.link.copyFailed" },
    });
  const share = async () => {
    if (typeof navigator.share !== "function") return copy();
    try {
      await navigator.share({ title: t("invites.share.title"), text: t("invites.share.text"), url: link });
    } catch (error) {
      // closing the share sheet is no failure; a refusal falls back to the clipboard
      if ((error as Error).name !== "AbortError") await copy();
    }
  };
  const saveQr = async () => {
    try {
      saveFile(await qrPng(link), `taichi-invite-${account.slice(2, 8).toLowerCase()}.png`);
    } catch (error) {
      console.error("QR code image failed", error);
      useAppStore.getState().toast("error", { key: "invites.link.saveFailed" });
    }
  };

  return (
    <section className="card" aria-labelledby="invite-link-title">
      <h2 id="invite-link-title" className="card-title">
        {t("invites.link.title")}
      </h2>
      <p className="invite-link" data-testid="invite-link">
        {link}
      </p>
      <div className="invite-share">
        <QrCode text={link} label={t("invites.link.qr", { link })} />
        <div className="invite-actions">
          <button type="button" className="button" onClick={() => void share()}>
            {t("invites.link.share")}
          </button>
          <button type="button" className="button ghost" onClick={() => void copy()}>
            {t("invites.link.copy")}
          </button>
          <button type="button" className="button ghost" onClick={() => void saveQr()}>
            {t("invites.link.saveQr")}
          </button>
        </div>
      </div>
    </section>
  );
}

import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { QrCode } from "../../../components/QrCode";
import { copyWithToast } from "../../../app/clipboard";
import { inviteLink } from "../logic";

/** My invitation link (`<origin>/?code=<address>`), its QR code and a copy button. */
export function InviteLinkCard({ account }: { account: Address }) {
  const { t } = useTranslation();
  const link = inviteLink(window.location.origin, account);
  const copy = () =>
    copyWithToast(link, {
      copied: { key: "invites.link.copied" },
      failed: { key: "invites.link.copyFailed" },
    });

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
        <button type="button" className="button" onClick={() => void copy()}>
          {t("invites.link.copy")}
        </button>
      </div>
    </section>
  );
}

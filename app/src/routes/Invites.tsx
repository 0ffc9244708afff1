import { useTranslation } from "../i18n";
import { InviteLinkCard } from "../features/invites/components/InviteLinkCard";
import { InviteesCard, UnstakedInviteesCard } from "../features/invites/components/InviteesCard";
import { OpenStakeNote } from "../features/stakes/components/OpenStakeNote";
import { useAppConnection } from "../app/useAppConnection";
import { useOpenPrincipal } from "../features/stakes/hooks/useOpenPrincipal";

/** `/invites` (lazy): my invitation link, my direct invitees who have staked, and those who have not yet. */
export default function Invites() {
  const { t } = useTranslation();
  const connection = useAppConnection();
  const address = connection.ready ? connection.address : undefined;
  const openPrincipal = useOpenPrincipal(address);

  return (
    <section className="page invites">
      <h1 className="page-title">{t("pages.invites")}</h1>
      {!address ? (
        <section className="card empty">
          <p>{t("invites.connect")}</p>
        </section>
      ) : (
        <>
          <InviteLinkCard account={address} />
          <OpenStakeNote openPrincipal={openPrincipal} />
          <InviteesCard account={address} />
          <UnstakedInviteesCard account={address} />
        </>
      )}
    </section>
  );
}

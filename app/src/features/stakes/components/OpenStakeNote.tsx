import { useTranslation } from "../../../i18n";
import { formatAmount } from "../../../lib/format";

/**
 * Invite and team income need the member's own open stake (Staking credits only ancestors with open
 * principal, docs/economics.md): the rule, and whether the member has one now (`users(account).amount`,
 * USDT value; undefined while it is read). On /stakes, /team and /invites.
 */
export function OpenStakeNote({ openPrincipal }: { openPrincipal: bigint | undefined }) {
  const { t } = useTranslation();
  return (
    <p className="page-note" data-testid="open-stake-note">
      {t("stakes.openStake.rule")}
      {openPrincipal !== undefined && (
        <>
          {" "}
          {openPrincipal === 0n ? (
            <strong className="warn-text">{t("stakes.openStake.none")}</strong>
          ) : (
            <strong className="ok-text">
              {t("stakes.openStake.open", { amount: formatAmount(openPrincipal) })}
            </strong>
          )}
        </>
      )}
    </p>
  );
}

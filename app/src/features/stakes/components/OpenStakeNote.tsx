import { useTranslation } from "../../../i18n";
import { formatAmount } from "../../../lib/format";
import { Loading, SkeletonValue } from "../../../components/Skeleton";

/**
 * Invite and team income need the member's own open stake (Staking credits only ancestors with open
 * principal, docs/economics.md): the rule, and whether the member has one now (`users(account).amount`,
 * USDT value; undefined while it is read, a placeholder in its place). On /stakes, /team and /invites.
 */
export function OpenStakeNote({ openPrincipal }: { openPrincipal: bigint | undefined }) {
  const { t } = useTranslation();
  return (
    <p className="page-note" data-testid="open-stake-note">
      {t("stakes.openStake.rule")}
      {openPrincipal === undefined ? (
        // about the two lines the status takes, so what is below does not move when it is read
        <Loading inline>
          <SkeletonValue wide />
          <SkeletonValue wide />
        </Loading>
      ) : (
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

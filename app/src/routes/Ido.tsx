import { useTranslation } from "../i18n";
import { AllocationCard } from "../features/ido/components/AllocationCard";
import { BuyCard } from "../features/ido/components/BuyCard";
import { InviteesCard } from "../features/ido/components/InviteesCard";
import { PresaleCard } from "../features/ido/components/PresaleCard";
import { RewardsCard } from "../features/ido/components/RewardsCard";
import { TotalsCard } from "../features/ido/components/TotalsCard";
import { useIdoAccount } from "../features/ido/hooks/useIdoAccount";
import { useIdoOverview, useSalePhase } from "../features/ido/hooks/useIdoOverview";
import { useAppConnection } from "../app/useAppConnection";

/** `/ido` (lazy): the sale, buy, my allocation and claim, my referral rewards, my invitees, totals. */
export default function Ido() {
  const { t } = useTranslation();
  const connection = useAppConnection();
  const overview = useIdoOverview();
  const account = useIdoAccount(connection.ready ? connection.address : undefined);
  const phase = useSalePhase(overview)?.phase;

  return (
    <section className="page ido">
      <h1 className="page-title">{t("pages.ido")}</h1>
      <PresaleCard overview={overview} />
      {phase !== "over" && phase !== "claims" && (
        <BuyCard overview={overview} account={account} connection={connection} />
      )}
      {connection.accountExpected && (
        <>
          <AllocationCard overview={overview} account={account} />
          <RewardsCard account={account} />
          <InviteesCard kind="direct" account={connection.address} />
          <InviteesCard kind="indirect" account={connection.address} />
        </>
      )}
      <TotalsCard />
    </section>
  );
}

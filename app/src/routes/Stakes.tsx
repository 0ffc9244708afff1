import { useTranslation } from "../i18n";
import { ActivityCard } from "../features/stakes/components/ActivityCard";
import { DepositCard } from "../features/stakes/components/DepositCard";
import { EarlyCloseBanner } from "../features/stakes/components/EarlyCloseBanner";
import { IncomeCard } from "../features/stakes/components/IncomeCard";
import { OpenStakeNote } from "../features/stakes/components/OpenStakeNote";
import { OrdersCard } from "../features/stakes/components/OrdersCard";
import { TiersCard } from "../features/stakes/components/TiersCard";
import { tiersOf } from "../features/stakes/logic";
import { useAppConnection } from "../app/useAppConnection";
import { useStakingOverview } from "../features/stakes/hooks/useStakingOverview";
import { useStakingNow } from "../features/stakes/hooks/useStakingNow";
import { useStakingAccount } from "../features/stakes/hooks/useStakingAccount";
import { useStakingOrders } from "../features/stakes/hooks/useStakingOrders";
import { useStakingAnnouncement } from "../features/stakes/hooks/useStakingAnnouncement";

/** `/stakes` (lazy): a change of Staking announced (early close), the tiers, deposit, my orders (release), my income (claim) and my activity. */
export default function Stakes() {
  const { t } = useTranslation();
  const connection = useAppConnection();
  const overview = useStakingOverview();
  const { now, offset } = useStakingNow(overview);
  const address = connection.ready ? connection.address : undefined;
  const account = useStakingAccount(address, overview.token);
  const orders = useStakingOrders(address);
  const { announcement } = useStakingAnnouncement();
  const tiers = overview.multi ? tiersOf(overview.multi) : undefined;

  return (
    <section className="page stakes">
      <h1 className="page-title">{t("pages.stakes")}</h1>
      <EarlyCloseBanner announcement={announcement} now={now} offset={offset} />
      <TiersCard tiers={tiers} isError={overview.isError} />
      <DepositCard
        overview={overview}
        tiers={tiers}
        account={account}
        connection={connection}
        now={now}
        offset={offset}
      />
      {connection.accountExpected && (
        <>
          <OrdersCard
            {...orders}
            dayTimes={overview.config?.dayTimes}
            now={now}
            offset={offset}
            announcement={announcement}
          />
          <OpenStakeNote openPrincipal={account.user?.amount} />
          <IncomeCard account={account} orders={orders} config={overview.config} offset={offset} />
          <ActivityCard account={address} orders={orders.all} tiers={tiers} />
        </>
      )}
    </section>
  );
}

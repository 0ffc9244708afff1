import { useTranslation } from "../i18n";
import { MyCard, MyMachinesCard, PowerLogCard } from "../features/mine/components/AccountCards";
import { MachinesCard } from "../features/mine/components/MachinesCard";
import { NodesCard } from "../features/mine/components/NodesCard";
import { PendingPaymentsCard } from "../features/mine/components/PendingPaymentsCard";
import { RegisterCard, SignInCard } from "../features/mine/components/SessionCard";
import { TeamCard } from "../features/mine/components/TeamCard";
import { WalletCard } from "../features/mine/components/WalletCard";
import { QueryBody } from "../features/mine/components/common";
import { RewardsCard } from "../features/rewards/components/RewardsCard";
import { useAppConnection } from "../app/useAppConnection";
import { useAppStore } from "../app/store";
import { STORAGE_KEYS, readStored } from "../lib/storage";
import { useMemberQueries } from "../features/mine/hooks/useMemberQueries";
import { useIsRegistered } from "../features/mine/hooks/useIsRegistered";

/**
 * `/mine` (lazy): the machine/node product of the backend. Sign-in (EIP-4361) when
 * there is no valid login token, backend registration, then machines, nodes, wallet and team.
 */
export default function Mine() {
  const { t } = useTranslation();
  const connection = useAppConnection();
  const isLogin = useAppStore((s) => s.isLogin);
  const address = connection.ready ? connection.address : undefined;
  const registered = useIsRegistered(address, isLogin);
  const member = isLogin && registered.data?.isRegister === true;
  const q = useMemberQueries(address, member);
  const expired = !isLogin && !!readStored(STORAGE_KEYS.loginToken);

  return (
    <section className="page mine">
      <h1 className="page-title">{t("pages.mine")}</h1>
      {(!address || !isLogin) && <SignInCard address={address} expired={expired} />}
      {address && isLogin && !member && (
        <QueryBody query={registered}>
          {(d) => (d.isRegister ? null : <RegisterCard address={address} />)}
        </QueryBody>
      )}
      {address && <PendingPaymentsCard address={address} member={member} />}
      {member && <MyCard my={q.my} />}
      <MachinesCard address={address} member={member} />
      {member && (
        <>
          <MyMachinesCard machines={q.machines} />
          <PowerLogCard power={q.power} />
        </>
      )}
      <NodesCard address={address} member={member} my={q.my.data} />
      <RewardsCard address={address} />
      {member && address && (
        <>
          <WalletCard address={address} />
          <TeamCard address={address} team={q.team} />
        </>
      )}
    </section>
  );
}

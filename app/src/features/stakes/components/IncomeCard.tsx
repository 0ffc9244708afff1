import { type ReactNode, useState } from "react";
import { useTranslation } from "../../../i18n";
import { formatAmount, percentFromBps } from "../../../lib/format";
import { Countdown } from "../../../components/Countdown";
import { useTransaction } from "../../../app/useTransaction";
import { type AccelerationTotal, accelerationTotals, daysText } from "../logic";
import { staking } from "../../../app/staking";
import { ReadPending } from "../../../components/ReadError";
import type { StakingOverview } from "../hooks/useStakingOverview";
import type { StakingAccount } from "../hooks/useStakingAccount";
import type { StakingOrders } from "../hooks/useStakingOrders";

type Props = {
  account: StakingAccount;
  orders: StakingOrders;
  config: StakingOverview["config"];
  /** the chain clock's lead over the local one, seconds */
  offset: number;
};

/**
 * My income by type, each with its own total and a line on how it is earned at the current rates:
 * static, invite, team, node dividend (`nodes(account)`), exit and bottom acceleration (the static
 * income of my accelerated orders, paid sooner, and the days saved, from `DataReader.getOrders`);
 * then the invite + team + node income credited, vested so far and claimable (`DataReader.getIncome`: each credit
 * vests linearly with the order that credited it, until that order ends; `vestEnd` is when the last of it vests,
 * 0 once all has) and the claim (`claimReward()`).
 */
export function IncomeCard({ account, orders, config, offset }: Props) {
  const { t } = useTranslation();
  const send = useTransaction();
  const [busy, setBusy] = useState(false);
  const { user, node, rates, income } = account;
  const dayTimes = config?.dayTimes;
  const totals = orders.all && dayTimes !== undefined ? accelerationTotals(orders.all, dayTimes) : undefined;
  const usdt = (value: bigint) => `${formatAmount(value)} USDT`;

  const acceleration = (total: AccelerationTotal | undefined) => {
    if (orders.isError) return <span className="error-text">{t("errors.network")}</span>;
    if (!total || dayTimes === undefined) return t("common.loading");
    return (
      <>
        {t("stakes.income.broughtForward", { amount: formatAmount(total.income) })}
        <span className="small muted">
          {" · "}
          {t("stakes.income.daysSaved", { days: daysText(total.seconds, dayTimes), orders: total.orders })}
        </span>
      </>
    );
  };

  return (
    <section className="card" aria-labelledby="income-title">
      <h2 id="income-title" className="card-title">
        {t("stakes.income.title")}
      </h2>
      {!user || !node || !rates || !config ? (
        <ReadPending isError={account.isError} />
      ) : (
        <>
          <dl className="kv">
            <div>
              <dt>{t("stakes.income.claimable")}</dt>
              <dd className="kv-strong">{usdt(user.balanceReward)}</dd>
            </div>
            {income && (
              <>
                <div>
                  <dt>{t("stakes.income.credited")}</dt>
                  <dd>{usdt(income.credited)}</dd>
                </div>
                <div>
                  <dt>{t("stakes.income.vested")}</dt>
                  <dd>{usdt(income.vested)}</dd>
                </div>
              </>
            )}
            <div>
              <dt>{t("stakes.income.total")}</dt>
              <dd>{usdt(user.rewardTotal)}</dd>
            </div>
          </dl>
          <p className="small muted">
            {t("stakes.income.vestingRule")}
            {income && income.vestEnd > 0n && income.vested < income.credited && (
              <>
                {" "}
                {t("stakes.income.vesting")} <Countdown targetSec={Number(income.vestEnd) - offset} />
              </>
            )}
          </p>
          <ul className="invitee-list">
            <IncomeRow label={t("stakes.income.static")} value={usdt(user.rewardStatic)}>
              {t("stakes.income.hint.static")}
            </IncomeRow>
            <IncomeRow label={t("stakes.income.invite")} value={usdt(user.rewardInvite)}>
              {t("stakes.income.hint.invite", {
                rate: percentFromBps(config.inviteRate),
                algebra: config.algebra.toString(),
              })}
            </IncomeRow>
            <IncomeRow label={t("stakes.income.team")} value={usdt(user.rewardTeam)}>
              {t("stakes.income.hint.team", { equal: percentFromBps(config.equalRate) })}
            </IncomeRow>
            <IncomeRow
              label={t("stakes.income.node")}
              value={usdt(node.reward)}
              badge={
                <span className={`stage-badge ${node.isNode ? "stage-ongoing" : "stage-ended"}`}>
                  {node.isNode ? t("stakes.income.isNode") : t("stakes.income.notNode")}
                </span>
              }
            >
              {t("stakes.income.hint.node", {
                rate: percentFromBps(rates.nodeRate),
                count: node.count.toString(),
              })}
            </IncomeRow>
            <IncomeRow label={t("stakes.income.exit")} value={acceleration(totals?.exit)}>
              {t("stakes.income.hint.exit", { rate: percentFromBps(rates.exitRate) })}
            </IncomeRow>
            <IncomeRow label={t("stakes.income.bottom")} value={acceleration(totals?.bottom)}>
              {t("stakes.income.hint.bottom", {
                rate: percentFromBps(rates.bottomRate),
                floor: percentFromBps(rates.bottomFloor),
              })}
            </IncomeRow>
          </ul>
          {orders.all && orders.total !== undefined && BigInt(orders.all.length) < orders.total && (
            <p className="small muted">{t("stakes.income.partial", { count: orders.all.length })}</p>
          )}
          <button
            type="button"
            className="button block"
            disabled={user.balanceReward === 0n || busy}
            onClick={() => {
              setBusy(true);
              void send({ ...staking, functionName: "claimReward", args: [] }).finally(() => setBusy(false));
            }}
          >
            {t("stakes.income.claim")}
          </button>
        </>
      )}
    </section>
  );
}

/** One income type: its name (and a badge), its total, and how it is earned. */
function IncomeRow({
  label,
  value,
  badge,
  children,
}: {
  label: string;
  value: ReactNode;
  badge?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li aria-label={label}>
      <div className="tier-head">
        <strong>{label}</strong>
        {badge}
      </div>
      <span>{value}</span>
      <span className="small muted">{children}</span>
    </li>
  );
}

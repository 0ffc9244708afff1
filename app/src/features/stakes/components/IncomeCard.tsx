import { useState } from "react";
import { useTranslation } from "../../../i18n";
import { formatAmount } from "../../../lib/format";
import { useTransaction } from "../../../lib/useTransaction";
import type { StakingAccount } from "../hooks/useStaking";
import { staking } from "../staking";

/**
 * My income by type (static, invite, team) and the claimable referral + team income (`claimReward()`).
 * Node dividend and the accelerations are not on chain yet (docs/economics.md), so they are not shown.
 */
export function IncomeCard({ account }: { account: StakingAccount }) {
  const { t } = useTranslation();
  const send = useTransaction();
  const [busy, setBusy] = useState(false);
  const { user } = account;
  return (
    <section className="card" aria-labelledby="income-title">
      <h2 id="income-title" className="card-title">
        {t("stakes.income.title")}
      </h2>
      {!user ? (
        <p className={account.isError ? "error-text" : "muted"}>
          {account.isError ? t("errors.network") : t("common.loading")}
        </p>
      ) : (
        <>
          <dl className="kv">
            <div>
              <dt>{t("stakes.income.claimable")}</dt>
              <dd className="kv-strong">{formatAmount(user.balanceReward)} USDT</dd>
            </div>
            <div>
              <dt>{t("stakes.income.static")}</dt>
              <dd>{formatAmount(user.rewardStatic)} USDT</dd>
            </div>
            <div>
              <dt>{t("stakes.income.invite")}</dt>
              <dd>{formatAmount(user.rewardInvite)} USDT</dd>
            </div>
            <div>
              <dt>{t("stakes.income.team")}</dt>
              <dd>{formatAmount(user.rewardTeam)} USDT</dd>
            </div>
            <div>
              <dt>{t("stakes.income.total")}</dt>
              <dd>{formatAmount(user.rewardTotal)} USDT</dd>
            </div>
          </dl>
          <button
            type="button"
            className="button block"
            disabled={user.balanceReward === 0n || busy}
            onClick={() => {
              if (!staking) return;
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

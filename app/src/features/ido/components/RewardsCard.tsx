import { useState } from "react";
import { useTranslation } from "../../../i18n";
import { ido } from "../../../app/contracts";
import { formatAmount } from "../../../lib/format";
import { useTransaction } from "../../../app/useTransaction";
import type { useIdoAccount } from "../hooks/useIdoAccount";
import { ReadPending } from "../../../components/ReadError";

/** My referral rewards (claimable, direct and indirect totals) and `claimReward()`. */
export function RewardsCard({ account }: { account: ReturnType<typeof useIdoAccount> }) {
  const { t } = useTranslation();
  const send = useTransaction();
  const [busy, setBusy] = useState(false);
  const { user } = account;

  return (
    <section className="card" aria-labelledby="rewards-title">
      <h2 id="rewards-title" className="card-title">
        {t("ido.rewards.title")}
      </h2>
      {!user ? (
        <ReadPending isError={account.isError} />
      ) : (
        <>
          <dl className="kv">
            <div>
              <dt>{t("ido.rewards.claimable")}</dt>
              <dd className="kv-strong">{formatAmount(user.balanceReward)} USDT</dd>
            </div>
            <div>
              <dt>{t("ido.rewards.direct")}</dt>
              <dd>{formatAmount(user.rewardDirect)} USDT</dd>
            </div>
            <div>
              <dt>{t("ido.rewards.indirect")}</dt>
              <dd>{formatAmount(user.rewardIndirect)} USDT</dd>
            </div>
          </dl>
          <button
            type="button"
            className="button block"
            disabled={user.balanceReward === 0n || busy}
            onClick={() => {
              setBusy(true);
              void send({ ...ido, functionName: "claimReward", args: [] }).finally(() => setBusy(false));
            }}
          >
            {t("ido.rewards.claim")}
          </button>
        </>
      )}
    </section>
  );
}

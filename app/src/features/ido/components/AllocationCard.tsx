import { useState } from "react";
import { useTranslation } from "../../../i18n";
import { Countdown } from "../../../components/Countdown";
import { ido } from "../../../app/contracts";
import { formatAmount } from "../../../lib/format";
import { useTransaction } from "../../../app/useTransaction";
import type { useIdoAccount } from "../hooks/useIdoAccount";
import { type IdoOverview, useChainNow } from "../hooks/useIdoOverview";
import { claimState } from "../logic";
import { ReadPending } from "../../../components/ReadError";

type Props = { overview: IdoOverview; account: ReturnType<typeof useIdoAccount> };

/** My allocation and `claim()`, enabled from extractTime (with the time left until then). */
export function AllocationCard({ overview, account }: Props) {
  const { t } = useTranslation();
  const send = useTransaction();
  const { now, offset } = useChainNow(overview);
  const [busy, setBusy] = useState(false);
  const { user } = account;
  const extractTime = overview.config?.extractTime;
  const symbol = overview.tokenSymbol ?? t("ido.token");

  let body;
  if (!user || extractTime === undefined) {
    body = <ReadPending isError={account.isError} />;
  } else if (user.idoIndex === 0n) {
    body = <p className="muted">{t("ido.allocation.none")}</p>;
  } else {
    const state = claimState(user, extractTime, now);
    body = (
      <>
        <dl className="kv">
          <div>
            <dt>{t("ido.allocation.number")}</dt>
            <dd>{user.idoIndex.toString()}</dd>
          </div>
          <div>
            <dt>{t("ido.allocation.paid")}</dt>
            <dd>
              {formatAmount(user.amount)} {overview.paySymbol}
            </dd>
          </div>
          <div>
            <dt>{t("ido.allocation.allotted")}</dt>
            <dd>
              {formatAmount(user.rewardStatic)} {symbol}
            </dd>
          </div>
          <div>
            <dt>{t("ido.allocation.toClaim")}</dt>
            <dd>
              {formatAmount(user.balance)} {symbol}
            </dd>
          </div>
          {state === "notOpen" && (
            <div>
              <dt>{t("ido.allocation.claimIn")}</dt>
              <dd>
                <Countdown targetSec={Number(extractTime) - offset} />
              </dd>
            </div>
          )}
        </dl>
        <button
          type="button"
          className="button block"
          disabled={state !== "ready" || busy}
          onClick={() => {
            setBusy(true);
            void send({ ...ido, functionName: "claim", args: [] }).finally(() => setBusy(false));
          }}
        >
          {state === "claimed" ? t("ido.allocation.claimed") : t("ido.allocation.claim", { symbol })}
        </button>
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="allocation-title">
      <h2 id="allocation-title" className="card-title">
        {t("ido.allocation.title")}
      </h2>
      {body}
    </section>
  );
}

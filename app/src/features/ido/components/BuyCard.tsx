import { useState } from "react";
import { useTranslation } from "../../../i18n";
import { ido, usdt } from "../../../app/contracts";
import { formatAmount } from "../../../lib/format";
import { useTransaction } from "../../../app/useTransaction";
import { useAppStore } from "../../../app/store";
import { appChain } from "../../../app/wagmi";
import type { AppConnection } from "../../../app/useAppConnection";
import type { useIdoAccount } from "../hooks/useIdoAccount";
import { type IdoOverview, useChainNow } from "../hooks/useIdoOverview";
import { buyArgs, buyBlockReason, idoStage } from "../logic";

type Props = {
  overview: IdoOverview;
  account: ReturnType<typeof useIdoAccount>;
  connection: AppConnection;
};

/**
 * Buy: approve `idoAmount` USDT if needed, then `ido(maxAmount, minTokens)` with the price and tokens shown,
 * through the one transaction path.
 */
export function BuyCard({ overview, account, connection }: Props) {
  const { t } = useTranslation();
  const send = useTransaction();
  const openPicker = useAppStore((s) => s.setWalletPickerOpen);
  const { now } = useChainNow(overview);
  const [busy, setBusy] = useState(false);
  const { config, priorityWindow } = overview;
  const stage =
    config && priorityWindow !== undefined ? idoStage({ ...config, priorityWindow }, now).stage : undefined;

  const reason = buyBlockReason({
    connected: connection.isConnected,
    wrongChain: connection.wrongChain,
    stage,
    registryIndex: account.user?.index,
    idoIndex: account.user?.idoIndex,
    hasPriority: account.hasPriority,
    usdtBalance: account.usdtBalance,
    price: config?.idoAmount,
  });

  async function buy() {
    const shownTokens = overview.nextTokens;
    if (!config || shownTokens === undefined) return;
    setBusy(true);
    try {
      await send({
        ...ido,
        functionName: "ido",
        // the price and tokens shown below are the terms: a change that lands first reverts the purchase
        args: buyArgs(config, shownTokens),
        spend: { token: usdt.address, spender: ido.address, amount: config.idoAmount },
      });
    } finally {
      setBusy(false);
    }
  }

  const price = config ? formatAmount(config.idoAmount) : "…";
  return (
    <section className="card" aria-labelledby="buy-title">
      <h2 id="buy-title" className="card-title">
        {t("ido.buy.title")}
      </h2>
      <dl className="kv">
        <div>
          <dt>{t("ido.price")}</dt>
          <dd>{t("ido.priceValue", { amount: price, symbol: overview.paySymbol })}</dd>
        </div>
        <div>
          <dt>{t("ido.buy.youGet")}</dt>
          <dd>
            {overview.nextTokens === undefined
              ? "…"
              : t("ido.buy.tokensValue", {
                  tokens: formatAmount(overview.nextTokens),
                  symbol: overview.tokenSymbol ?? t("ido.token"),
                })}
          </dd>
        </div>
        {account.usdtBalance !== undefined && (
          <div>
            <dt>{t("ido.buy.balance", { symbol: overview.paySymbol })}</dt>
            <dd>
              {formatAmount(account.usdtBalance)} {overview.paySymbol}
            </dd>
          </div>
        )}
      </dl>
      <button
        type="button"
        className="button block"
        disabled={!!reason || busy}
        aria-describedby={reason ? "buy-blocked" : undefined}
        onClick={() => void buy()}
      >
        {t("ido.buy.button", { amount: price, symbol: overview.paySymbol })}
      </button>
      {reason && reason !== "loading" && (
        <p id="buy-blocked" className="blocked-reason">
          {reason === "notConnected" ? (
            <button type="button" className="link-button" onClick={() => openPicker(true)}>
              {t("ido.buyBlocked.notConnected")}
            </button>
          ) : (
            t(`ido.buyBlocked.${reason}`, { chain: appChain.name })
          )}
        </p>
      )}
    </section>
  );
}

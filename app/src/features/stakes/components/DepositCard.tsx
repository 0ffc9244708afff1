import { useState } from "react";
import { useTranslation } from "../../../i18n";
import { AmountInput } from "../../../components/AmountInput";
import { SkeletonValue } from "../../../components/Skeleton";
import { usdt } from "../../../app/contracts";
import { validateAmount } from "../../../lib/amount";
import { formatAmount, percentFromBps } from "../../../lib/format";
import { useTransaction } from "../../../app/useTransaction";
import { useAppStore } from "../../../app/store";
import { appChain } from "../../../app/wagmi";
import type { AppConnection } from "../../../app/useAppConnection";
import {
  TIER_COUNT,
  STALE_TERMS_MESSAGES,
  type Tier,
  daysText,
  depositArgs,
  depositBlockReason,
  depositRules,
  newOrderLock,
  staticIncome,
  tokensFor,
  usdtValueOf,
} from "../logic";
import { staking } from "../../../app/staking";
import { PriceRefresh } from "./PriceRefresh";
import type { StakingOverview } from "../hooks/useStakingOverview";
import type { StakingAccount } from "../hooks/useStakingAccount";

type Props = {
  overview: StakingOverview;
  tiers: Tier[] | undefined;
  account: StakingAccount;
  connection: AppConnection;
  /** the chain's clock now and its lead over the local one, seconds */
  now: number;
  offset: number;
};

/**
 * Deposit: tier, amount (USDT value, checked against the tier's min/max, stock, my max and balance),
 * paid in USDT or in the project token at the price the contract would use now (the lowest of `fbPrice`, the
 * pool's average price and its price now, `DataReader.tokenPrice`); approve then
 * `deposit(tier, amount, isUSDT, lockDay, rate, maxPay)` with the tier's lock and rate as shown and at most
 * the amount shown of the asset, through the one transaction path (the spend is declared, so the allowance
 * rule runs). A refusal because the terms or the price moved reads them anew.
 */
export function DepositCard({ overview, tiers, account, connection, now, offset }: Props) {
  const { t } = useTranslation();
  const send = useTransaction();
  const openPicker = useAppStore((s) => s.setWalletPickerOpen);
  const [tierIndex, setTierIndex] = useState(0);
  const [isUSDT, setIsUSDT] = useState(true);
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const tier = tiers?.[tierIndex];
  const valuation = overview.tokenPrice;
  // what a token deposit now would value a token at (0: it would be refused)
  const price = valuation?.price;
  const dayTimes = overview.config?.dayTimes;
  const { user, rates } = account;
  // how much sooner the contract will end the new order, from my income and principal so far
  const next =
    user && rates && tier && dayTimes !== undefined
      ? newOrderLock(tier.days, dayTimes, user, rates)
      : undefined;

  const balance = isUSDT
    ? account.usdtBalance
    : account.tokenBalance !== undefined && price !== undefined
      ? usdtValueOf(account.tokenBalance, price)
      : undefined;
  const rules = tier ? depositRules(tier, connection.ready ? balance : undefined) : undefined;
  const check = rules && text.trim() !== "" ? validateAmount(text, rules) : undefined;
  const amount = check?.ok ? check.value : undefined;
  // what the deposit pays: the USDT amount, or the tokens worth it at `price` (none while it has no price)
  const paid =
    amount === undefined ? undefined : isUSDT ? amount : price ? tokensFor(amount, price) : undefined;
  const unit = isUSDT ? "USDT" : t("stakes.deposit.token");
  const reason = depositBlockReason({
    connected: connection.isConnected,
    wrongChain: connection.wrongChain,
    registryIndex: account.user?.index,
    addTime: overview.config?.addTime,
    tier,
    isUSDT,
    tokenSet: !!overview.token,
    priceRefusal: valuation?.refusal,
    now,
  });

  async function deposit() {
    if (!tier || amount === undefined || paid === undefined) return;
    const token = isUSDT ? usdt.address : overview.token;
    if (!token) return;
    setBusy(true);
    try {
      const result = await send({
        ...staking,
        functionName: "deposit",
        // the overload that carries the terms shown: the tier's lock and rate, and at most `paid`
        args: depositArgs(tier, amount, isUSDT, paid),
        spend: {
          token,
          spender: staking.address,
          amount: paid,
        },
      });
      if (result.ok) setText("");
      // the terms or the price moved since the page read them (the error toast says so): show the new ones
      else if (STALE_TERMS_MESSAGES.includes(result.message.key)) void overview.refresh();
    } finally {
      setBusy(false);
    }
  }

  const balanceText = isUSDT
    ? account.usdtBalance !== undefined && `${formatAmount(account.usdtBalance)} USDT`
    : account.tokenBalance !== undefined &&
      `${formatAmount(account.tokenBalance)} ${t("stakes.deposit.token")}`;
  return (
    <section className="card" aria-labelledby="deposit-title">
      <h2 id="deposit-title" className="card-title">
        {t("stakes.deposit.title")}
      </h2>
      <fieldset className="choice-group">
        <legend>{t("stakes.deposit.tier")}</legend>
        {!tiers &&
          Array.from({ length: TIER_COUNT }, (_, index) => (
            <label key={index} className="choice" aria-hidden="true">
              <input type="radio" name="stake-tier" disabled />
              <SkeletonValue />
            </label>
          ))}
        {tiers?.map((x) => (
          <label key={x.index} className="choice">
            <input
              type="radio"
              name="stake-tier"
              checked={tierIndex === x.index}
              disabled={!x.open}
              onChange={() => setTierIndex(x.index)}
            />
            <span>{t("stakes.tiers.days", { days: x.days.toString() })}</span>
          </label>
        ))}
      </fieldset>
      <fieldset className="choice-group">
        <legend>{t("stakes.deposit.payWith")}</legend>
        <label className="choice">
          <input type="radio" name="stake-pay" checked={isUSDT} onChange={() => setIsUSDT(true)} />
          <span>{t("stakes.deposit.usdt")}</span>
        </label>
        <label className="choice">
          <input type="radio" name="stake-pay" checked={!isUSDT} onChange={() => setIsUSDT(false)} />
          <span>{t("stakes.deposit.token")}</span>
        </label>
      </fieldset>
      <AmountInput label={t("stakes.deposit.amount")} value={text} onChange={setText} rules={rules} />
      <dl className="kv">
        {balanceText && (
          <div>
            <dt>{t("stakes.deposit.balance")}</dt>
            <dd>{balanceText}</dd>
          </div>
        )}
        {!isUSDT && valuation && (
          <>
            <div>
              <dt>{t("stakes.deposit.tokenPrice")}</dt>
              <dd>
                {valuation.price > 0n ? `${formatAmount(valuation.price)} USDT` : "-"}
                <span className="small muted">
                  {" · "}
                  {t("stakes.deposit.priceRule", {
                    fbPrice: formatAmount(valuation.fbPrice),
                    window: (valuation.window / 60n).toString(),
                    twap: valuation.twap > 0n ? formatAmount(valuation.twap) : "-",
                  })}
                </span>
              </dd>
            </div>
            <div>
              <dt>{t("stakes.deposit.marketPrice")}</dt>
              <dd>{valuation.spot > 0n ? `${formatAmount(valuation.spot)} USDT` : "-"}</dd>
            </div>
          </>
        )}
        {paid !== undefined && tier && (
          <>
            <div>
              <dt>{t("stakes.deposit.youPay")}</dt>
              <dd>
                {formatAmount(paid)} {unit}
              </dd>
            </div>
            <div>
              <dt>{t("stakes.deposit.income")}</dt>
              <dd>
                {formatAmount(staticIncome(paid, tier.rate, tier.days))} {unit}
              </dd>
            </div>
            {next && dayTimes !== undefined && (
              <div>
                <dt>{t("stakes.deposit.ends")}</dt>
                <dd>
                  {t("stakes.deposit.lock", { days: daysText(next.lock - next.saved, dayTimes) })}
                  {next.kind !== "none" && (
                    <span className="small muted">
                      {" · "}
                      {t(`stakes.orders.acceleration.${next.kind}`)}{" "}
                      {t("stakes.orders.sooner", { days: daysText(next.saved, dayTimes) })}
                    </span>
                  )}
                </dd>
              </div>
            )}
          </>
        )}
      </dl>
      <button
        type="button"
        className="button block"
        disabled={!!reason || amount === undefined || busy}
        aria-describedby={reason ? "deposit-blocked" : undefined}
        onClick={() => void deposit()}
      >
        {t("stakes.deposit.button")}
      </button>
      {reason && reason !== "loading" && (
        <p id="deposit-blocked" className="blocked-reason">
          {reason === "notConnected" ? (
            <button type="button" className="link-button" onClick={() => openPicker(true)}>
              {t("stakes.blocked.notConnected")}
            </button>
          ) : (
            t(`stakes.blocked.${reason}`, {
              chain: appChain.name,
              bound: valuation ? percentFromBps(valuation.maxDeviation) : "",
            })
          )}
        </p>
      )}
      {reason === "priceUnavailable" && valuation && valuation.window > 0n && (
        <PriceRefresh
          window={valuation.window}
          now={now}
          offset={offset}
          refetch={overview.refetchTokenPrice}
        />
      )}
    </section>
  );
}

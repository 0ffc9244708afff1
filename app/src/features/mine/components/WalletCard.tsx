import { type FormEvent, useState } from "react";
import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { AmountInput } from "../../../components/AmountInput";
import { Message } from "../../../components/Message";
import type { AppMessage } from "../../../i18n/keys";
import { validateAmount } from "../../../lib/amount";
import { formatAmount } from "../../../lib/format";
import { type CreditType, mineApi } from "../api";
import { usePaidFlow } from "../hooks/usePaidFlow";
import { CREDIT_TYPES, WITHDRAW_FEE, WITHDRAW_MIN, ledgerKindKey, pageCount, withdrawRules } from "../logic";
import { FlowStatus, QueryBody, amount } from "./common";
import { useWalletPage } from "../hooks/useWalletPage";

const LABEL: Record<CreditType, string> = { usdt: "USDT", arb: "ARB" };

/** Balances by credit type, the paged ledger and the withdraw form. */
export function WalletCard({ address }: { address: Address }) {
  const { t } = useTranslation();
  const [creditType, setCreditType] = useState<CreditType>("usdt");
  const [page, setPage] = useState(1);
  const wallet = useWalletPage(address, creditType, page);

  return (
    <section className="card" aria-labelledby="mine-wallet-title">
      <h2 id="mine-wallet-title" className="card-title">
        {t("mine.wallet.title")}
      </h2>
      <div className="mine-tabs" role="group" aria-label={t("mine.wallet.creditType")}>
        {CREDIT_TYPES.map((c) => (
          <button
            key={c}
            type="button"
            className={`button small ${c === creditType ? "" : "ghost"}`}
            aria-pressed={c === creditType}
            onClick={() => {
              setCreditType(c);
              setPage(1);
            }}
          >
            {LABEL[c]}
          </button>
        ))}
      </div>
      <QueryBody query={wallet}>
        {(d) => {
          const pages = pageCount(d.total, d.pageSize);
          return (
            <>
              <p>
                {t("mine.wallet.balance")}{" "}
                <strong className="kv-strong">
                  {amount(d.balance)} {LABEL[creditType]}
                </strong>
              </p>
              {d.list.length === 0 ? (
                <p className="muted">{t("common.noData")}</p>
              ) : (
                <ul className="mine-list">
                  {d.list.map((row) => (
                    <li key={row.id} className="mine-row">
                      <span>{row.day ?? row.createdAt.slice(0, 10)}</span>
                      <span>{t(ledgerKindKey(row.kind))}</span>
                      <span className={BigInt(row.amount) < 0n ? "error-text" : "kv-strong"}>
                        {amount(row.amount)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              {pages > 1 && (
                <div className="mine-pager">
                  <button
                    type="button"
                    className="button ghost small"
                    disabled={page <= 1}
                    onClick={() => setPage((p) => p - 1)}
                  >
                    {t("mine.wallet.prev")}
                  </button>
                  <span className="muted small">{t("mine.wallet.page", { page, pages })}</span>
                  <button
                    type="button"
                    className="button ghost small"
                    disabled={page >= pages}
                    onClick={() => setPage((p) => p + 1)}
                  >
                    {t("mine.wallet.next")}
                  </button>
                </div>
              )}
              <WithdrawForm address={address} creditType={creditType} balance={BigInt(d.balance)} />
            </>
          );
        }}
      </QueryBody>
    </section>
  );
}

/**
 * Withdraw `num` of a credit type: `withdrawCheck` confirms the amount and names the fee payment,
 * the fee goes to the treasury through the one write path, then `withdraw(num, credit_type, hash)`.
 */
function WithdrawForm({
  address,
  creditType,
  balance,
}: {
  address: Address;
  creditType: CreditType;
  balance: bigint;
}) {
  const { t } = useTranslation();
  const flow = usePaidFlow(address);
  const [num, setNum] = useState("");
  const [error, setError] = useState<AppMessage>();
  const rules = withdrawRules(creditType, balance);

  function submit(e: FormEvent) {
    e.preventDefault();
    const check = validateAmount(num, rules);
    if (!check.ok) return setError(check.message);
    setError(undefined);
    const value = num.trim();
    void flow.run(
      () => mineApi.withdrawCheck(value, creditType),
      (hash) => ({ kind: "withdraw", num: value, creditType, hash }),
    );
  }

  return (
    <form className="mine-withdraw" onSubmit={submit} noValidate>
      <h3 className="mine-subtitle">{t("mine.withdraw.title", { token: LABEL[creditType] })}</h3>
      <AmountInput
        label={t("mine.withdraw.amount")}
        value={num}
        onChange={setNum}
        rules={rules}
        maxText={formatAmount(balance, { grouping: false, fractionDigits: 18 })}
      />
      <p className="muted small">
        {t(creditType === "arb" ? "mine.withdraw.minArb" : "mine.withdraw.minUsdt", {
          min: formatAmount(WITHDRAW_MIN.usdt),
        })}{" "}
        {t("mine.withdraw.fee", { fee: formatAmount(WITHDRAW_FEE) })}
      </p>
      {error && (
        <p className="error-text" role="alert">
          <Message message={error} />
        </p>
      )}
      <button type="submit" className="button block" disabled={flow.busy}>
        {t("mine.withdraw.submit")}
      </button>
      <FlowStatus state={flow.state} doneKey="mine.withdraw.done" />
    </form>
  );
}

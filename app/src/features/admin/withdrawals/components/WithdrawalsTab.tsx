import { type FormEvent, useState } from "react";
import type { Address } from "viem";
import { TxLink } from "../../../../components/AddressLink";
import { Message } from "../../../../components/Message";
import { useAppStore } from "../../../../app/store";
import { useTranslation } from "../../../../i18n";
import type { AppMessage } from "../../../../i18n/keys";
import { ApiError, API_CODE } from "../../../../lib/api";
import { formatUtc } from "../../../../lib/format";
import {
  type OperatorAction,
  type StatusFilter,
  type Withdrawal,
  STATUS_FILTERS,
  actionsFor,
  amountText,
} from "../logic";
import { failure, useOperatorSession, useWithdrawalList } from "../hooks/useWithdrawals";
import { ActionDialog } from "./ActionDialog";
import { MemberRows } from "./MemberRows";
import "../withdrawals.css";

/**
 * The operators' console for /mine withdrawals: the queue with its filters, and approve, reject, pay
 * and refund, each through a dialog that names the member and the amount. Who is an operator is the
 * API's to say (`OPERATOR_ADDRESSES`): the console signs in, asks, and says why not when refused.
 */
export function WithdrawalsTab() {
  const { t } = useTranslation();
  const { address, isLogin, signIn } = useOperatorSession();
  const openPicker = useAppStore((s) => s.setWalletPickerOpen);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppMessage>();

  const signInNow = async () => {
    setBusy(true);
    setError(undefined);
    try {
      await signIn();
    } catch (err) {
      setError(failure(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div role="tabpanel" aria-label={t("withdrawals.tab")} className="manager-panel withdrawals">
      {!address ? (
        <section className="card">
          <p className="muted">{t("withdrawals.connect")}</p>
          <button type="button" className="button block" onClick={() => openPicker(true)}>
            {t("wallet.connectTitle")}
          </button>
        </section>
      ) : !isLogin ? (
        <section className="card" aria-labelledby="withdrawals-signin">
          <h2 id="withdrawals-signin" className="card-title">
            {t("withdrawals.signInTitle")}
          </h2>
          <p className="muted">{t("withdrawals.signInText")}</p>
          <button type="button" className="button block" disabled={busy} onClick={() => void signInNow()}>
            {busy ? t("withdrawals.signingIn") : t("withdrawals.signIn")}
          </button>
          {error && (
            <p className="error-text" role="alert">
              <Message message={error} />
            </p>
          )}
        </section>
      ) : (
        <Queue operator={address} />
      )}
    </div>
  );
}

function Queue({ operator }: { operator: Address }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<StatusFilter>("pending");
  const [memberText, setMemberText] = useState("");
  const [member, setMember] = useState("");
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<{ action: OperatorAction; withdrawal: Withdrawal }>();
  const list = useWithdrawalList({ status, member }, page);

  const applyMember = (e: FormEvent) => {
    e.preventDefault();
    setMember(memberText);
    setPage(1);
  };

  if (list.error instanceof ApiError && list.error.code === API_CODE.rejected && !list.data) {
    return (
      <section className="card" role="alert">
        <h2 className="card-title">{t("withdrawals.notOperatorTitle")}</h2>
        <p>{t("withdrawals.notOperator", { address: operator })}</p>
        <p className="muted small">
          <Message message={list.error.appMessage} />
        </p>
      </section>
    );
  }

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section className="card" aria-labelledby="withdrawals-title">
      <h2 id="withdrawals-title" className="card-title">
        {t("withdrawals.title")}
      </h2>
      <form className="withdrawals-filters" onSubmit={applyMember}>
        <label>
          <span>{t("withdrawals.status")}</span>
          <select
            className="input"
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as StatusFilter);
              setPage(1);
            }}
          >
            {STATUS_FILTERS.map((s) => (
              <option key={s} value={s}>
                {t(`withdrawals.state.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>{t("withdrawals.member")}</span>
          <input
            className="input"
            value={memberText}
            placeholder="0x…"
            spellCheck={false}
            autoComplete="off"
            onChange={(e) => setMemberText(e.target.value)}
          />
        </label>
        <button type="submit" className="button ghost small">
          {t("withdrawals.filter")}
        </button>
      </form>
      {list.invalidFilter ? (
        <p className="error-text" role="alert">
          <Message message={list.invalidFilter} />
        </p>
      ) : list.isError ? (
        <div className="read-error" role="alert">
          <p className="error-text">
            <Message message={failure(list.error)} />
          </p>
          <button type="button" className="button ghost small" onClick={() => void list.refetch()}>
            {t("common.retry")}
          </button>
        </div>
      ) : !data ? (
        <p className="muted">{t("common.loading")}</p>
      ) : data.total === 0 ? (
        <p className="muted">{t("withdrawals.empty")}</p>
      ) : (
        <>
          <p className="muted small">{t("withdrawals.total", { count: data.total })}</p>
          <ul className="withdrawals-list">
            {data.list.map((w) => (
              <li key={w.id} className="withdrawal-row" data-testid="withdrawal-row">
                <WithdrawalRow withdrawal={w} onAction={(action) => setOpen({ action, withdrawal: w })} />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <div className="withdrawals-pages">
              <button
                type="button"
                className="button ghost small"
                disabled={page <= 1 || list.isFetching}
                onClick={() => setPage(page - 1)}
              >
                {t("withdrawals.previous")}
              </button>
              <span className="muted small">{t("withdrawals.page", { page, pages })}</span>
              <button
                type="button"
                className="button ghost small"
                disabled={page >= pages || list.isFetching}
                onClick={() => setPage(page + 1)}
              >
                {t("withdrawals.next")}
              </button>
            </div>
          )}
        </>
      )}
      {open && data && (
        <ActionDialog
          action={open.action}
          withdrawal={open.withdrawal}
          treasury={data.treasury as Address}
          operator={operator}
          onClose={() => setOpen(undefined)}
        />
      )}
    </section>
  );
}

function WithdrawalRow({
  withdrawal: w,
  onAction,
}: {
  withdrawal: Withdrawal;
  onAction: (action: OperatorAction) => void;
}) {
  const { t } = useTranslation();
  const created = BigInt(Math.floor(Date.parse(w.createdAt) / 1000));
  return (
    <>
      <div className="withdrawal-head">
        <strong>#{w.id}</strong>
        <span className="withdrawal-status" data-status={w.status}>
          {t(`withdrawals.state.${w.status}`)}
        </span>
        <strong>{amountText(w)}</strong>
      </div>
      <dl className="kv">
        <MemberRows withdrawal={w} />
        <div>
          <dt>{t("withdrawals.requested")}</dt>
          <dd>{formatUtc(created)}</dd>
        </div>
        {w.payoutTxHash && (
          <div>
            <dt>{t("withdrawals.payout")}</dt>
            <dd>
              <TxLink hash={w.payoutTxHash} width="full" />
            </dd>
          </div>
        )}
        {w.reason && (
          <div>
            <dt>{t("withdrawals.reason")}</dt>
            <dd>{w.reason}</dd>
          </div>
        )}
      </dl>
      {actionsFor(w.status).length > 0 && (
        <div className="withdrawal-actions">
          {actionsFor(w.status).map((action) => (
            <button
              key={action}
              type="button"
              className={`button small ${action === "reject" || action === "refund" ? "ghost" : ""}`}
              aria-label={t(`withdrawals.actionFor.${action}`, { id: w.id })}
              onClick={() => onAction(action)}
            >
              {t(`withdrawals.action.${action}`)}
            </button>
          ))}
        </div>
      )}
    </>
  );
}

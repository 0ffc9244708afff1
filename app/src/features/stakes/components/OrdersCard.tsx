import { useState } from "react";
import { useTranslation } from "../../../i18n";
import { ConfirmModal } from "../../../components/ConfirmModal";
import { Countdown } from "../../../components/Countdown";
import { formatAmount, dateFormat } from "../../../lib/format";
import { useTransaction } from "../../../app/useTransaction";
import type { Announcement } from "../../../lib/announcement";
import { canCloseEarly, daysText, orderProgress, orderSavedSeconds, orderState } from "../logic";
import { staking } from "../../../app/staking";
import { ReadError } from "../../../components/ReadError";
import type { StakeOrder, StakingOrders } from "../hooks/useStakingOrders";
import { useCloseEarlyQuote } from "../hooks/useCloseEarlyQuote";

type Props = Pick<StakingOrders, "orders" | "loading" | "isError"> & {
  /** the change of Staking announced, if any: its orders opened before it can be closed early */
  announcement?: Announcement | undefined;
  /** seconds per staking day (`getConfig().dayTimes`), for the days an acceleration saved */
  dayTimes: bigint | undefined;
  /** the chain's clock and its lead over the local one (a Countdown ticks locally) */
  now: number;
  offset: number;
};

/**
 * My orders, newest first: state, progress, countdown to the order's own endTime (an accelerated
 * order's is sooner than its tier's lock, marked with its acceleration), and `release(index)` from it;
 * while a change of Staking is announced, "Close early" on each order opened before it (`closeEarly(index)`,
 * after a confirm quoting what it pays back and cancels).
 */
export function OrdersCard({ orders, loading, isError, dayTimes, now, offset, announcement }: Props) {
  const { t } = useTranslation();
  const send = useTransaction();
  const [busy, setBusy] = useState<bigint>();
  const [closing, setClosing] = useState<StakeOrder>();
  const time = dateFormat({
    dateStyle: "short",
    timeStyle: "short",
  });

  let body;
  if (isError) body = <ReadError />;
  else if (loading || !orders) body = <p className="muted">{t("common.loading")}</p>;
  else if (orders.length === 0) body = <p className="muted">{t("stakes.orders.none")}</p>;
  else
    body = (
      <ul className="invitee-list">
        {orders.map((order) => {
          const state = orderState(order, now);
          const unit = order.isUSDT ? "USDT" : t("stakes.deposit.token");
          const saved = dayTimes === undefined ? 0n : orderSavedSeconds(order, order.acceleration, dayTimes);
          return (
            <li
              key={order.index.toString()}
              aria-label={t("stakes.orders.number", { n: order.index.toString() })}
            >
              <div className="tier-head">
                <strong>{t("stakes.orders.number", { n: order.index.toString() })}</strong>
                <span className={`stage-badge order-${state}`}>{t(`stakes.orders.state.${state}`)}</span>
              </div>
              <span className="invitee-meta">
                <span>
                  {t("stakes.orders.amount")} {formatAmount(order.amount)} USDT
                </span>
                <span>{t("stakes.tiers.days", { days: order.lockDay.toString() })}</span>
                <span>
                  {t("stakes.orders.income")} {formatAmount(order.reward)} {unit}
                </span>
                <span>
                  {t("stakes.orders.paid")} {formatAmount(order.actual)} {unit}
                </span>
              </span>
              {order.acceleration !== "none" && (
                <span className="invitee-meta">
                  <span className={`stage-badge order-${order.acceleration}`}>
                    {t(`stakes.orders.acceleration.${order.acceleration}`)}
                  </span>
                  {dayTimes !== undefined && saved > 0n && (
                    <span>{t("stakes.orders.sooner", { days: daysText(saved, dayTimes) })}</span>
                  )}
                </span>
              )}
              {state === "inProgress" && (
                <>
                  <progress
                    className="progress"
                    max={100}
                    value={orderProgress(order, now)}
                    aria-label={t("stakes.orders.ends")}
                  />
                  <span className="small">
                    {t("stakes.orders.ends")} <Countdown targetSec={Number(order.endTime) - offset} />
                  </span>
                </>
              )}
              {order.lastTime === 0n && (
                <span className="small">
                  {t("stakes.orders.receive", {
                    amount: formatAmount(order.actual + order.reward - order.fee),
                    unit,
                  })}
                  {order.fee > 0n && <> ({t("stakes.orders.fee", { fee: formatAmount(order.fee) })})</>}
                </span>
              )}
              {(state === "ended" || state === "closedEarly") && order.lastTime > 0n && (
                <span className="muted small">
                  {t(state === "ended" ? "stakes.orders.releasedAt" : "stakes.orders.closedAt")}{" "}
                  {time.format(new Date(Number(order.lastTime) * 1000))}
                </span>
              )}
              {canCloseEarly(order, announcement, now) && (
                <button
                  type="button"
                  className="button small block ghost"
                  disabled={busy !== undefined}
                  onClick={() => setClosing(order)}
                >
                  {t("stakes.earlyClose.button")}
                </button>
              )}
              {state === "releasable" && (
                <button
                  type="button"
                  className="button small block"
                  disabled={busy !== undefined}
                  onClick={() => {
                    setBusy(order.index);
                    void send({ ...staking, functionName: "release", args: [order.index] }).finally(() =>
                      setBusy(undefined),
                    );
                  }}
                >
                  {t("stakes.orders.release")}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    );

  return (
    <section className="card" aria-labelledby="orders-title">
      <h2 id="orders-title" className="card-title">
        {t("stakes.orders.title")}
      </h2>
      {body}
      {closing && (
        <CloseEarlyDialog
          order={closing}
          onCancel={() => setClosing(undefined)}
          onConfirm={() => {
            const { index } = closing;
            setClosing(undefined);
            setBusy(index);
            void send({ ...staking, functionName: "closeEarly", args: [index] }).finally(() =>
              setBusy(undefined),
            );
          }}
        />
      )}
    </section>
  );
}

/**
 * The confirm of an early close: what `closeEarlyQuote(index)` says it pays back now (the principal less what
 * the order paid out, in its asset) and the upline income it cancels; Confirm once the quote is read.
 */
function CloseEarlyDialog({
  order,
  onConfirm,
  onCancel,
}: {
  order: StakeOrder;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const quote = useCloseEarlyQuote(order.index);
  const unit = order.isUSDT ? "USDT" : t("stakes.deposit.token");
  const n = order.index.toString();
  return (
    <ConfirmModal
      title={t("stakes.earlyClose.confirmTitle", { n })}
      canConfirm={quote.refund !== undefined}
      confirmLabel={t("stakes.earlyClose.button")}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="modal-text">{t("stakes.earlyClose.confirmText")}</p>
      {quote.isError ? (
        <ReadError />
      ) : (
        <dl className="kv">
          <div>
            <dt>{t("stakes.orders.paid")}</dt>
            <dd>
              {formatAmount(order.actual)} {unit}
            </dd>
          </div>
          <div>
            <dt>{t("stakes.earlyClose.refund")}</dt>
            <dd data-testid="close-early-refund">
              {quote.refund === undefined ? "…" : `${formatAmount(quote.refund)} ${unit}`}
            </dd>
          </div>
          <div>
            <dt>{t("stakes.earlyClose.cancelled")}</dt>
            <dd data-testid="close-early-cancelled">
              {quote.cancelled === undefined ? "…" : `${formatAmount(quote.cancelled)} USDT`}
            </dd>
          </div>
          <div>
            <dt>{t("stakes.orders.income")}</dt>
            <dd>{t("stakes.earlyClose.forfeit", { amount: formatAmount(order.reward), unit })}</dd>
          </div>
        </dl>
      )}
    </ConfirmModal>
  );
}

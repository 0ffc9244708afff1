import { ReadError } from "../../../components/ReadError";
import type { Address } from "viem";
import { useTranslation } from "../../../i18n";
import { formatAmount } from "../../../lib/format";
import { BEHIND_NOTE_BLOCKS } from "../../../lib/indexer";
import type { ActivityRow } from "../activity";
import { useActivity } from "../hooks/useActivity";
import type { Tier } from "../logic";
import { formatUtc } from "../../../lib/format";
import type { StakeOrder } from "../hooks/useStakingOrders";
import { AddressLink, TxLink } from "../../../components/AddressLink";

type Props = {
  /** undefined while a returning member's session is restored */
  account: Address | undefined;
  /** the member's orders as read for the page: the asset a release paid in */
  orders: readonly StakeOrder[] | undefined;
  /** the tiers as configured now: a deposit's tier by its lock */
  tiers: readonly Tier[] | undefined;
};

/**
 * My activity on Staking, newest first: deposits, releases, early closes, income credits and claims, each linking to
 * its transaction; from the indexer when there is one, else from the chain (useActivity).
 */
export function ActivityCard({ account, orders, tiers }: Props) {
  const { t } = useTranslation();
  const { query, rows, indexed, behind, shown, older } = useActivity(account);
  const deposits = new Map(rows.flatMap((r) => (r.kind === "deposit" ? [[r.order, r.isUSDT] as const] : [])));
  const ordersUSDT = new Map(orders?.map((o) => [o.index, o.isUSDT]));
  const unit = (isUSDT: boolean | undefined) =>
    isUSDT === undefined ? "" : isUSDT ? "USDT" : t("stakes.deposit.token");
  const tierText = (index: bigint) => {
    const days = tiers?.[Number(index)]?.days;
    return days === undefined ? `#${index + 1n}` : t("stakes.tiers.days", { days: days.toString() });
  };
  const blocks = (w: { from: bigint; to: bigint }) => ({ from: w.from.toString(), to: w.to.toString() });

  const line = (r: ActivityRow) => {
    switch (r.kind) {
      case "deposit":
        return t("stakes.activity.deposit", {
          n: r.order.toString(),
          tier: tierText(r.tier),
          paid: formatAmount(r.paid),
          unit: unit(r.isUSDT),
          value: formatAmount(r.value),
        });
      case "release":
        return t("stakes.activity.release", {
          n: r.order.toString(),
          paid: formatAmount(r.paid),
          unit: unit(ordersUSDT.get(r.order) ?? deposits.get(r.order)),
        });
      case "closeEarly":
        return t("stakes.activity.closeEarly", {
          n: r.order.toString(),
          paid: formatAmount(r.refund),
          unit: unit(ordersUSDT.get(r.order) ?? deposits.get(r.order)),
          cancelled: formatAmount(r.cancelled),
        });
      case "credit":
        return t(`stakes.activity.credit.${r.credit}`, {
          amount: formatAmount(r.amount),
          n: r.order.toString(),
        });
      case "claim":
        return t("stakes.activity.claim", { amount: formatAmount(r.amount) });
    }
  };

  return (
    <section className="card stakes-activity" aria-labelledby="stakes-activity-title">
      <h2 id="stakes-activity-title" className="card-title">
        {t("stakes.activity.title")}
      </h2>
      {query.isLoading && <p className="muted">{t("common.loading")}</p>}
      {query.isError && !query.isFetchNextPageError && (
        <ReadError message={t("stakes.activity.error")} label={t("common.reload")} />
      )}
      {query.isSuccess && rows.length === 0 && (
        <p className="muted">
          {shown ? t("stakes.activity.emptyBlocks", blocks(shown)) : t("stakes.activity.empty")}
        </p>
      )}
      {behind !== undefined && behind >= BEHIND_NOTE_BLOCKS && (
        <p className="small muted">{t("stakes.activity.behind", { blocks: behind.toString() })}</p>
      )}
      <ol className="stakes-activity-list" aria-label={t("stakes.activity.title")}>
        {rows.map((r) => {
          return (
            <li key={r.id} className="stakes-activity-row" data-kind={r.kind}>
              <div>{line(r)}</div>
              {r.kind === "credit" && r.from && (
                <div className="small muted">
                  {t("stakes.activity.from")} <AddressLink address={r.from} />
                </div>
              )}
              <div className="small muted">
                #{r.blockNumber.toString()}
                {r.time !== undefined && ` · ${formatUtc(r.time)}`} · <TxLink hash={r.hash} width="shell" />
              </div>
            </li>
          );
        })}
      </ol>
      {shown && rows.length > 0 && <p className="muted small">{t("stakes.activity.range", blocks(shown))}</p>}
      {query.isFetchingNextPage && <p className="muted">{t("common.loading")}</p>}
      {query.isFetchNextPageError && (
        <p className="error-text" role="alert">
          {older
            ? t("stakes.activity.olderError", blocks({ from: older.fromBlock, to: older.toBlock }))
            : t("stakes.activity.error")}
        </p>
      )}
      {query.hasNextPage && (
        <button
          type="button"
          className="button ghost"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {indexed || !older
            ? t("stakes.activity.older")
            : t("stakes.activity.olderBlocks", blocks({ from: older.fromBlock, to: older.toBlock }))}
        </button>
      )}
    </section>
  );
}

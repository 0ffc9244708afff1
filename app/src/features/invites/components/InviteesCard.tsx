import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { formatAddress, formatAmount } from "../../../lib/format";
import { useInvites } from "../hooks/useInvites";

/** My direct invitees who have staked, with their volume, paged ("Load more"), "No data yet" / "No more". */
export function InviteesCard({ account }: { account: Address }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const { invitees, total, isError, isFetching } = useInvites(account, pages);

  let body;
  if (isError) body = <p className="error-text">{t("errors.network")}</p>;
  else if (!invitees || total === undefined) body = <p className="muted">{t("common.loading")}</p>;
  else if (total === 0n) body = <p className="muted">{t("common.noData")}</p>;
  else {
    const hasMore = BigInt(invitees.length) < total;
    body = (
      <>
        <p className="muted small">{t("invites.list.count", { count: total.toString() })}</p>
        <ul className="invitee-list">
          {invitees.map((row) => (
            <li key={row.account}>
              <span className="address-full" title={row.account}>
                {formatAddress(row.account, "long")}
              </span>
              <span className="invitee-meta">
                <span>
                  {t("invites.list.amount")} {formatAmount(row.amount)} USDT
                </span>
                <span>
                  {t("invites.list.teamAmount")} {formatAmount(row.teamAmount)} USDT
                </span>
                <span>
                  {t("invites.list.level")} {row.level === 0n ? t("team.level.none") : row.level.toString()}
                </span>
              </span>
            </li>
          ))}
        </ul>
        {hasMore ? (
          <button
            type="button"
            className="button ghost small block"
            disabled={isFetching}
            onClick={() => setPages((n) => n + 1)}
          >
            {t("invites.list.more")}
          </button>
        ) : (
          <p className="muted small center">{t("common.noMore")}</p>
        )}
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="invites-list-title">
      <h2 id="invites-list-title" className="card-title">
        {t("invites.list.title")}
      </h2>
      {body}
    </section>
  );
}

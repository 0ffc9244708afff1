import { useState } from "react";
import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { PagedList } from "../../../components/PagedList";
import { formatAddress, formatAmount } from "../../../lib/format";
import { useInvites } from "../hooks/useInvites";

/** My direct invitees who have staked, with their volume, paged ("Load more"), "No data yet" / "No more". */
export function InviteesCard({ account }: { account: Address }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const { invitees, total, isError, isFetching } = useInvites(account, pages);

  const body = (
    <PagedList
      rows={invitees}
      total={total}
      isError={isError}
      isFetching={isFetching}
      summary={(count) => t("invites.list.count", { count: count.toString() })}
      rowKey={(row) => row.account}
      renderRow={(row) => (
        <>
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
        </>
      )}
      moreKey="invites.list.more"
      onMore={() => setPages((n) => n + 1)}
    />
  );

  return (
    <section className="card" aria-labelledby="invites-list-title">
      <h2 id="invites-list-title" className="card-title">
        {t("invites.list.title")}
      </h2>
      {body}
    </section>
  );
}

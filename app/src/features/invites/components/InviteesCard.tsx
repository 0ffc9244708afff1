import { useState } from "react";
import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { PagedList } from "../../../components/PagedList";
import { formatAmount } from "../../../lib/format";
import { REGISTRATION_COVERAGE, useInvites, useUnstakedInvitees } from "../hooks/useInvites";
import { AddressLink } from "../../../components/AddressLink";

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
          <AddressLink address={row.account} width="long" />
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

/** Direct invitees who registered with my link but have not staked yet, each marked as such, newest first. */
export function UnstakedInviteesCard({ account }: { account: Address }) {
  const { t } = useTranslation();
  const { invitees, total, isError, isFetching, source, loadMore } = useUnstakedInvitees(account);
  return (
    <section className="card" aria-labelledby="invites-unstaked-title">
      <h2 id="invites-unstaked-title" className="card-title">
        {t("invites.unstaked.title")}
      </h2>
      <p className="small muted">{t("invites.unstaked.note")}</p>
      {source === "logs" && (
        <p className="small muted" data-testid="invites-coverage">
          {REGISTRATION_COVERAGE
            ? t("invites.unstaked.coverage", {
                hours: REGISTRATION_COVERAGE.hours,
                blocks: REGISTRATION_COVERAGE.blocks.toString(),
              })
            : t("invites.unstaked.coverageAll")}
        </p>
      )}
      {isError && !invitees ? (
        <p className="muted">{t("invites.unstaked.error")}</p>
      ) : !invitees || total === undefined ? (
        <p className="muted">{t("common.loading")}</p>
      ) : total === 0n ? (
        <p className="muted">{t("invites.unstaked.none")}</p>
      ) : (
        <>
          <p className="small">{t("invites.unstaked.count", { count: Number(total) })}</p>
          <ul className="invitee-list">
            {invitees.map((who) => (
              <li key={who}>
                <AddressLink address={who} width="long" />{" "}
                <span className="stage-badge">{t("invites.unstaked.badge")}</span>
              </li>
            ))}
          </ul>
          {isError ? (
            <p className="muted small">{t("invites.unstaked.error")}</p>
          ) : (
            loadMore && (
              <button
                type="button"
                className="button ghost small block"
                disabled={isFetching}
                onClick={loadMore}
              >
                {t("invites.list.more")}
              </button>
            )
          )}
        </>
      )}
    </section>
  );
}

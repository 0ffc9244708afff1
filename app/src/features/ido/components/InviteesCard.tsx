import { useState } from "react";
import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { PagedList } from "../../../components/PagedList";
import { formatAmount, dateFormat } from "../../../lib/format";
import { type InviteeKind, useIdoInvitees } from "../hooks/useIdoAccount";
import { AddressLink } from "../../../components/AddressLink";

/** Direct or second-generation invitees who bought, paged ("Load more"), with "no data" / "no more". */
export function InviteesCard({ kind, account }: { kind: InviteeKind; account: Address | undefined }) {
  const { t } = useTranslation();
  const [pages, setPages] = useState(1);
  const { invitees, total, isError, isFetching } = useIdoInvitees(kind, account, pages);
  const titleId = `invitees-${kind}-title`;
  const time = dateFormat({
    dateStyle: "short",
    timeStyle: "short",
  });

  const body = (
    <PagedList
      rows={invitees}
      total={total}
      isError={isError}
      isFetching={isFetching}
      summary={(count) => t("ido.invitees.count", { count: count.toString() })}
      rowKey={(row) => `${row.account}-${row.idoIndex}`}
      renderRow={(row) => (
        <>
          <AddressLink address={row.account} width="long" />
          {kind === "indirect" && (
            <span className="muted small">
              {t("ido.invitees.via")} <AddressLink address={row.refer} width="compact" />
            </span>
          )}
          <span className="invitee-meta">
            <span>
              {t("ido.invitees.number")} {row.idoIndex.toString()}
            </span>
            <span>
              {t("ido.invitees.paid")} {formatAmount(row.amount)} USDT
            </span>
            <span>
              {t("ido.invitees.tokens")} {formatAmount(row.tokens)}
            </span>
            <span className="muted">{time.format(new Date(Number(row.idoTime) * 1000))}</span>
          </span>
        </>
      )}
      moreKey="ido.invitees.more"
      onMore={() => setPages((n) => n + 1)}
    />
  );

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {t(kind === "direct" ? "ido.invitees.direct" : "ido.invitees.indirect")}
      </h2>
      {body}
    </section>
  );
}

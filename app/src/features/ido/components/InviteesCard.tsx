import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { formatAddress, formatAmount } from "../../../lib/format";
import { type InviteeKind, useIdoInvitees } from "../hooks/useIdoAccount";

/** Direct or second-generation invitees who bought, paged ("Load more"), with "no data" / "no more". */
export function InviteesCard({ kind, account }: { kind: InviteeKind; account: Address }) {
  const { t, i18n } = useTranslation();
  const [pages, setPages] = useState(1);
  const { invitees, total, isError, isFetching } = useIdoInvitees(kind, account, pages);
  const titleId = `invitees-${kind}-title`;
  const time = new Intl.DateTimeFormat(i18n.language === "en" ? "en-GB" : "zh-CN", {
    dateStyle: "short",
    timeStyle: "short",
  });

  let body;
  if (isError) body = <p className="error-text">{t("errors.network")}</p>;
  else if (!invitees || total === undefined) body = <p className="muted">{t("common.loading")}</p>;
  else if (total === 0n) body = <p className="muted">{t("common.noData")}</p>;
  else {
    const hasMore = BigInt(invitees.length) < total;
    body = (
      <>
        <p className="muted small">{t("ido.invitees.count", { count: total.toString() })}</p>
        <ul className="invitee-list">
          {invitees.map((row) => (
            <li key={`${row.account}-${row.idoIndex}`}>
              <span className="address-full" title={row.account}>
                {formatAddress(row.account, "long")}
              </span>
              {kind === "indirect" && (
                <span className="muted small">
                  {t("ido.invitees.via")} {formatAddress(row.refer, "compact")}
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
            {t("ido.invitees.more")}
          </button>
        ) : (
          <p className="muted small center">{t("common.noMore")}</p>
        )}
      </>
    );
  }

  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId} className="card-title">
        {t(kind === "direct" ? "ido.invitees.direct" : "ido.invitees.indirect")}
      </h2>
      {body}
    </section>
  );
}

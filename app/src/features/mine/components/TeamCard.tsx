import type { UseQueryResult } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { formatAddress } from "../../../lib/format";
import type { TeamInfo } from "../api";
import { QueryBody } from "./common";
import { useRecommendList } from "../hooks/useRecommendList";
import { AddressLink } from "../../../components/AddressLink";

/** Team totals and the direct referrals, a page at a time ("Load more"; drill down one member at a time). */
export function TeamCard({ address, team }: { address: Address; team: UseQueryResult<TeamInfo> }) {
  const { t } = useTranslation();
  const [trail, setTrail] = useState<{ userId: number; name: string }[]>([]);
  const current = trail.at(-1);
  const list = useRecommendList(address, current?.userId);
  const rows = list.data?.pages.flatMap((p) => p.list);
  const total = list.data?.pages[0]?.total;
  return (
    <section className="card" aria-labelledby="mine-team-title">
      <h2 id="mine-team-title" className="card-title">
        {t("mine.team.title")}
      </h2>
      <QueryBody query={team}>
        {(d) => (
          <dl className="kv">
            <div>
              <dt>{t("mine.team.direct")}</dt>
              <dd>{d.directCount}</dd>
            </div>
            <div>
              <dt>{t("mine.team.total")}</dt>
              <dd>{d.teamCount}</dd>
            </div>
            <div>
              <dt>{t("mine.team.myPower")}</dt>
              <dd>{String(d.myPower)}</dd>
            </div>
            <div>
              <dt>{t("mine.team.directPower")}</dt>
              <dd>{String(d.directPower)}</dd>
            </div>
            <div>
              <dt>{t("mine.team.teamPower")}</dt>
              <dd>{String(d.teamPower)}</dd>
            </div>
          </dl>
        )}
      </QueryBody>
      <h3 className="mine-subtitle">
        {current ? t("mine.team.referralsOf", { name: current.name }) : t("mine.team.referrals")}
      </h3>
      {current && (
        <button type="button" className="link-button" onClick={() => setTrail((s) => s.slice(0, -1))}>
          {t("mine.team.back")}
        </button>
      )}
      <QueryBody query={{ ...list, data: rows }} isEmpty={(d) => d.length === 0}>
        {(d) => (
          <>
            <p className="muted small" data-testid="referrals-count">
              {t("mine.team.count", { count: total ?? d.length })}
            </p>
            <ul className="mine-list">
              {d.map((m) => (
                <li key={m.userId} className="mine-item">
                  <div className="mine-item-head">
                    <strong>{m.username}</strong>
                    <span className="muted small">
                      <AddressLink address={m.address} width="compact" />
                    </span>
                  </div>
                  <p className="muted small">
                    {t("mine.team.row", { power: String(m.power), count: m.directCount })}
                  </p>
                  {m.directCount > 0 && (
                    <button
                      type="button"
                      className="button ghost small"
                      onClick={() =>
                        setTrail((s) => [
                          ...s,
                          { userId: m.userId, name: m.username ?? formatAddress(m.address, "compact") },
                        ])
                      }
                    >
                      {t("mine.team.open", { name: m.username ?? formatAddress(m.address, "compact") })}
                    </button>
                  )}
                </li>
              ))}
            </ul>
            {list.hasNextPage ? (
              <button
                type="button"
                className="button ghost small block"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {t("mine.team.more")}
              </button>
            ) : (
              <p className="muted small center">{t("common.noMore")}</p>
            )}
          </>
        )}
      </QueryBody>
    </section>
  );
}

import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useClient } from "wagmi";
import { useTranslation } from "../../../i18n";
import { formatAddress } from "../../../lib/format";
import { appChain } from "../../../wagmi";
import { explorerTxUrl } from "../../wallet/recentTxs";
import { auditReads, loadAuditLog } from "../audit";
import { formatUtc } from "../fields";
import { MANAGER_READ_KEY } from "../hooks/useManagerRead";
import type { Managed } from "../registry";
import { ChangeList } from "./ConfigForm";

/** Every admin event of the given contracts, newest first, filterable by contract. */
export function AuditLog({ contracts }: { contracts: readonly Managed[] }) {
  const { t } = useTranslation();
  const client = useClient({ chainId: appChain.id });
  const [filter, setFilter] = useState("");
  const log = useQuery({
    // under MANAGER_READ_KEY: a transaction through the shared path refreshes it too
    queryKey: [MANAGER_READ_KEY, "audit", contracts.map((c) => c.address)],
    enabled: !!client,
    retry: false,
    queryFn: () => loadAuditLog(auditReads(client!), contracts),
  });
  const entries = (log.data ?? []).filter((e) => filter === "" || e.contract === filter);

  return (
    <section className="card manager-audit" aria-labelledby="manager-audit-title">
      <h2 id="manager-audit-title" className="card-title">
        {t("manager.audit.title")}
      </h2>
      <div className="field">
        <label htmlFor="manager-audit-filter">{t("manager.audit.filter")}</label>
        <select
          id="manager-audit-filter"
          className="input"
          value={filter}
          onChange={(e) => setFilter(e.target.value)}
        >
          <option value="">{t("manager.audit.all")}</option>
          {contracts.map((c) => (
            <option key={c.name} value={c.name}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {log.isLoading && <p className="muted">{t("common.loading")}</p>}
      {log.isError && (
        <p className="error-text" role="alert">
          {t("manager.audit.error")}{" "}
          <button type="button" className="link-button" onClick={() => void log.refetch()}>
            {t("common.reload")}
          </button>
        </p>
      )}
      {log.isSuccess && entries.length === 0 && <p className="muted">{t("common.noData")}</p>}
      <ol className="manager-audit-list" aria-label={t("manager.audit.title")}>
        {entries.map((e) => {
          const url = explorerTxUrl(appChain.id, e.hash);
          return (
            <li key={e.id} className="manager-audit-entry">
              <div className="manager-audit-head">
                <strong>
                  {e.contract}.{e.event}
                </strong>
                <small className="muted">
                  #{e.blockNumber.toString()}
                  {e.time !== undefined && ` · ${formatUtc(e.time)}`}
                </small>
              </div>
              <div className="small">
                {t("manager.audit.by")}{" "}
                <span title={e.from}>{e.from ? formatAddress(e.from, "long") : "?"}</span>
              </div>
              {e.subject && e.changes !== undefined && (
                <div className="small">
                  <code>{e.subject[0]}</code>: <span className="address-full">{e.subject[1]}</span>
                </div>
              )}
              {e.changes === undefined ? (
                <ul className="manager-changes">
                  {e.args.map(([k, v]) => (
                    <li key={k}>
                      <code>{k}</code>: <span className="address-full">{v}</span>
                    </li>
                  ))}
                </ul>
              ) : e.changes.length === 0 ? (
                <p className="muted small">{t("manager.audit.noChange")}</p>
              ) : (
                <ChangeList changes={e.changes} />
              )}
              <div className="small">
                {t("manager.audit.tx")}{" "}
                {url ? (
                  <a href={url} target="_blank" rel="noreferrer">
                    {formatAddress(e.hash, "long")}
                  </a>
                ) : (
                  <code className="address-full">{e.hash}</code>
                )}
              </div>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

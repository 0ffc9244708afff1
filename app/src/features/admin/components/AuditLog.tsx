import { ReadError } from "../../../components/ReadError";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useClient } from "wagmi";
import { useTranslation } from "../../../i18n";
import { env } from "../../../lib/env";
import { BEHIND_NOTE_BLOCKS, catchUpInterval } from "../../../lib/indexer";
import { logRange, windowBefore } from "../../../lib/logRange";
import { appChain } from "../../../app/wagmi";
import { AddressLink, TxLink } from "../../../components/AddressLink";
import {
  type AuditPage,
  type IndexedAuditPage,
  firstBlock,
  loadAuditPage,
  loadIndexedAuditPage,
  olderPageEnd,
} from "../audit";
import { MANAGER_READ_KEY } from "../hooks/useManagerRead";
import type { Managed } from "../registry";
import { ChangeList } from "./ConfigForm";
import { CallView } from "./OperationList";
import { formatUtc } from "../../../lib/format";
import { governedContracts } from "../registry";
import { adminReads } from "../reads";

type AuditPageParam = { indexed: boolean; toBlock?: bigint; before?: string };

/**
 * Every admin event of the given contracts, newest first, filterable by contract. With an indexer
 * (VITE_INDEXER_URL), pages of its `/audit` in one request each, and "Show older" the next page; without
 * one, or when it fails on the first page, a window of blocks at a time (`logRange`: the RPC's
 * eth_getLogs cap; the local chain reads every block at once) from the newest down to the first deploy
 * block, "Show older" reading the one before the oldest shown.
 */
export function AuditLog({ contracts }: { contracts: readonly Managed[] }) {
  const { t } = useTranslation();
  const client = useClient({ chainId: appChain.id });
  const [filter, setFilter] = useState("");
  const size = logRange(appChain.id);
  const floor = firstBlock(contracts);
  // what the indexer is asked for: the filtered contract, or the manager's when not every one
  const governed = governedContracts();
  const only = filter
    ? [filter]
    : governed.every((g) => contracts.some((c) => c.address === g.address))
      ? undefined
      : contracts.map((c) => c.name as string);
  const log = useInfiniteQuery({
    // under MANAGER_READ_KEY: a transaction through the shared path refreshes it too (every loaded
    // page again, counted from the new latest block)
    queryKey: [
      MANAGER_READ_KEY,
      "audit",
      contracts.map((c) => c.address),
      size?.toString(),
      env.indexerUrl,
      env.indexerUrl ? only : undefined,
    ],
    enabled: !!client,
    retry: false,
    initialPageParam: { indexed: !!env.indexerUrl } as AuditPageParam,
    queryFn: async ({ pageParam }): Promise<AuditPage & Partial<IndexedAuditPage>> => {
      const reads = adminReads(client!);
      if (pageParam.indexed) {
        try {
          return await loadIndexedAuditPage(
            reads,
            env.indexerUrl!,
            contracts,
            pageParam.before,
            governed,
            only,
          );
        } catch (error) {
          // an older page stays an error (the entries above stay); the first one falls back to the chain
          if (pageParam.before !== undefined) throw error;
          console.warn("audit log: the indexer failed, reading the logs instead", error);
        }
      }
      return loadAuditPage(reads, contracts, size, pageParam.toBlock, governed);
    },
    refetchInterval: (query) => catchUpInterval(query.state.data?.pages[0]?.behind),
    getNextPageParam: (last, pages): AuditPageParam | undefined => {
      if (last.next !== undefined)
        return last.next === null ? undefined : { indexed: true, before: last.next };
      const toBlock = olderPageEnd(pages, floor);
      return toBlock === undefined ? undefined : { indexed: false, toBlock };
    },
  });
  const pages = log.data?.pages ?? [];
  const entries = pages.flatMap((p) => p.entries).filter((e) => filter === "" || e.contract === filter);
  const shown = pages.length > 0 ? { from: pages.at(-1)!.fromBlock, to: pages[0]!.toBlock } : undefined;
  const indexed = pages[0]?.next !== undefined;
  const behind = pages[0]?.behind;
  const older = pages.length > 0 && !indexed ? windowBefore(pages.at(-1)!, size, floor) : undefined;
  const blocks = (w: { from: bigint; to: bigint }) => ({ from: w.from.toString(), to: w.to.toString() });

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
      {log.isError && !log.isFetchNextPageError && (
        <ReadError message={t("manager.audit.error")} label={t("common.reload")} />
      )}
      {shown && (
        <p className="muted small">
          {entries.length > 0
            ? t("manager.audit.range", blocks(shown))
            : filter === ""
              ? t("manager.audit.empty", blocks(shown))
              : t("manager.audit.emptyOf", { ...blocks(shown), contract: filter })}
        </p>
      )}
      {behind !== undefined && behind >= BEHIND_NOTE_BLOCKS && (
        <p className="small muted">{t("manager.audit.behind", { blocks: behind.toString() })}</p>
      )}
      <ol className="manager-audit-list" aria-label={t("manager.audit.title")}>
        {entries.map((e) => (
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
              {t("manager.audit.by")} {e.from ? <AddressLink address={e.from} width="long" /> : "?"}
            </div>
            {e.subject && e.changes !== undefined && (
              <div className="small">
                <code>{e.subject[0]}</code>: <span className="address-full">{e.subject[1]}</span>
              </div>
            )}
            {e.call ? (
              <CallView
                call={e.call}
                changesLabel={
                  e.event === "CallExecuted" ? "governance.changesDone" : "governance.changesScheduled"
                }
              />
            ) : e.changes === undefined ? (
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
              {t("manager.audit.tx")} <TxLink hash={e.hash} width="full" />
            </div>
          </li>
        ))}
      </ol>
      {log.isFetchingNextPage && <p className="muted">{t("common.loading")}</p>}
      {log.isFetchNextPageError && (
        <p className="error-text" role="alert">
          {older
            ? t("manager.audit.olderError", blocks({ from: older.fromBlock, to: older.toBlock }))
            : t("manager.audit.error")}
        </p>
      )}
      {log.hasNextPage && (indexed || older) && (
        <button
          type="button"
          className="button ghost"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {older
            ? t("manager.audit.older", blocks({ from: older.fromBlock, to: older.toBlock }))
            : t("manager.audit.olderIndexed")}
        </button>
      )}
    </section>
  );
}

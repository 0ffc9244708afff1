import { useTranslation } from "../../../i18n";
import { formatAddress } from "../../../lib/format";
import { appChain } from "../../../app/wagmi";
import { useAppConnection } from "../../../app/useAppConnection";
import { explorerTxUrl } from "../../../lib/explorer";
import { useRecentTxStore, useRecentTxs } from "../../../lib/recentTxs";

/** The connected account's recent transactions on the app chain, with BscScan links on BSC. */
export function RecentTransactions() {
  const { t } = useTranslation();
  const { address } = useAppConnection();
  const txs = useRecentTxs(appChain.id, address);
  const clear = useRecentTxStore((s) => s.clear);
  if (!address) return null;

  return (
    <section className="recent-txs" aria-labelledby="recent-txs-title">
      <div className="recent-txs-head">
        <h3 id="recent-txs-title">{t("tx.recent")}</h3>
        {txs.length > 0 && (
          <button type="button" className="link-button small" onClick={() => clear(appChain.id, address)}>
            {t("tx.clear")}
          </button>
        )}
      </div>
      {txs.length === 0 ? (
        <p className="muted small">{t("tx.none")}</p>
      ) : (
        <ul className="recent-txs-list">
          {txs.map((tx) => {
            const url = explorerTxUrl(tx.chainId, tx.hash);
            return (
              <li key={tx.hash}>
                <span>{t(tx.label)}</span>
                <span className={`tx-status tx-${tx.status}`}>{t(`tx.${tx.status}`)}</span>
                {url ? (
                  <a href={url} target="_blank" rel="noopener noreferrer" title={t("tx.viewOnExplorer")}>
                    {formatAddress(tx.hash, "compact")}
                  </a>
                ) : (
                  <code title={tx.hash}>{formatAddress(tx.hash, "compact")}</code>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

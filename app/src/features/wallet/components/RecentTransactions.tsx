import { useTranslation } from "../../../i18n";
import { appChain } from "../../../app/wagmi";
import { useAppConnection } from "../../../app/useAppConnection";
import { useRecentTxStore, useRecentTxs } from "../../../lib/recentTxs";
import { TxLink } from "../../../components/AddressLink";

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
            return (
              <li key={tx.hash}>
                <span>{t(tx.label)}</span>
                <span className={`tx-status tx-${tx.status}`}>{t(`tx.${tx.status}`)}</span>
                <TxLink hash={tx.hash} chainId={tx.chainId} />
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

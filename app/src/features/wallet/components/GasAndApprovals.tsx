import type { Address } from "viem";
import { useBalance } from "wagmi";
import { useTranslation } from "../../../i18n";
import { appExplorer } from "../../../lib/explorer";
import { formatAmount } from "../../../lib/format";
import { useAppStore } from "../../../app/store";
import { appChain } from "../../../app/wagmi";

/**
 * The wallet panel's gas and approvals: the BNB balance every transaction's gas is paid from, the
 * exact-approvals setting (unlimited by default), and where the account's approvals can be reviewed and
 * revoked (the chain's approval checker, where it has one).
 */
export function GasAndApprovals({ address }: { address: Address }) {
  const { t } = useTranslation();
  const balance = useBalance({ address, chainId: appChain.id });
  const mode = useAppStore((s) => s.approvalMode);
  const setMode = useAppStore((s) => s.setApprovalMode);
  const approvals = appExplorer()?.approvals;
  const bnb = balance.data?.value;

  return (
    <section className="gas-approvals">
      <dl className="kv">
        <div>
          <dt>{t("wallet.bnbBalance")}</dt>
          <dd data-testid="bnb-balance">
            {bnb === undefined
              ? "…"
              : `${formatAmount(bnb, { fractionDigits: 6 })} ${appChain.nativeCurrency.symbol}`}
          </dd>
        </div>
      </dl>
      {bnb === 0n && <p className="muted small">{t("wallet.noBnb")}</p>}
      <label className="choice">
        <input
          type="checkbox"
          checked={mode === "exact"}
          onChange={(e) => setMode(e.target.checked ? "exact" : "unlimited")}
        />
        <span>{t("wallet.exactApprovals")}</span>
      </label>
      <p className="muted small">{t("wallet.exactApprovalsHint")}</p>
      {approvals && (
        <p className="small">
          <a href={approvals} target="_blank" rel="noopener noreferrer">
            {t("wallet.reviewApprovals")}
          </a>
        </p>
      )}
    </section>
  );
}

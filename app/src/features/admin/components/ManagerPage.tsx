import type { ReactNode } from "react";
import { useSearchParams } from "../../../lib/router";
import type { Address } from "viem";
import { useConnection } from "wagmi";
import { AddressLink } from "../../../components/AddressLink";
import { useTranslation } from "../../../i18n";
import type { I18nKey } from "../../../i18n/keys";
import type { ContractName } from "../../../lib/deployments";
import { type Section, overviews } from "../descriptors";
import { useManagerRead } from "../hooks/useManagerRead";
import { type Managed, managedContracts, timelockContract } from "../registry";
import { AnnounceCard } from "./cards/AnnounceCard";
import { BatchCard } from "./cards/BatchCard";
import { OwnershipCard } from "./cards/OwnershipCard";
import { SendRewardCard } from "./cards/SendRewardCard";
import { UpgradeCard } from "./cards/UpgradeCard";
import { WithdrawCard } from "./cards/WithdrawCard";
import { AuditLog } from "./AuditLog";
import { ConfigForm } from "./ConfigForm";
import { OverviewCard } from "./OverviewCard";
import { TimelockTab } from "./TimelockTab";
import { SafeTab } from "./SafeTab";
import { useManagerSources } from "../hooks/useIsManager";
import { WithdrawalsTab } from "../withdrawals/components/WithdrawalsTab";
import "../manager.css";

const AUDIT = "audit";
const TIMELOCK = "timelock";
const SAFE = "safe";
const WITHDRAWALS = "withdrawals";
/** The tabs after the contracts' (which are named by their contract). */
const TAB_LABELS = new Map<string, I18nKey>([
  [TIMELOCK, "governance.tab"],
  [SAFE, "manager.safe.tab"],
  [AUDIT, "manager.audit.title"],
  [WITHDRAWALS, "withdrawals.tab"],
]);

/**
 * A configuration page: one tab per deployed contract of `names` (its forms, batches, withdraw,
 * ownership, upgrade), the timelock's queue and the audit log (the timelock's operations included).
 * The tab is in `?tab=`, so a reload stays on it.
 */
export function ManagerPage({
  title,
  names,
  sections,
  related,
  withdrawals = false,
}: {
  title: string;
  /** With the operators' console for /mine withdrawals (its own tab). */
  withdrawals?: boolean;
  /** A link to the other configuration page. */
  related?: ReactNode;
  names: readonly ContractName[];
  sections: readonly Section[];
}) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const contracts = managedContracts().filter((c) => names.includes(c.name));
  const tab = params.get("tab") ?? contracts[0]?.name ?? AUDIT;
  const active = contracts.find((c) => c.name === tab);
  // the operators' Safe, for its owners: its pending transactions
  const { address } = useConnection();
  const safe = useManagerSources(address).safe.data;

  return (
    <section className="page manager">
      <h1 className="page-title">{title}</h1>
      {related && <p className="page-note">{related}</p>}
      {contracts.length === 0 && <p className="page-note">{t("manager.noContracts")}</p>}
      <div className="manager-tabs" role="tablist" aria-label={title}>
        {[
          ...contracts.map((c) => c.name as string),
          TIMELOCK,
          ...(safe ? [SAFE] : []),
          AUDIT,
          ...(withdrawals ? [WITHDRAWALS] : []),
        ].map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`button ${tab === name ? "" : "ghost"}`}
            onClick={() => setParams({ tab: name }, { replace: true })}
          >
            {TAB_LABELS.has(name) ? t(TAB_LABELS.get(name)!) : name}
          </button>
        ))}
      </div>
      {active && (
        <ContractPanel
          key={active.name}
          c={active}
          sections={sections.filter((s) => s.contract === active.name)}
        />
      )}
      {tab === TIMELOCK && <TimelockTab />}
      {tab === SAFE && safe && <SafeTab safe={safe} />}
      {tab === AUDIT && <AuditLog contracts={[...contracts, timelockContract()]} />}
      {withdrawals && tab === WITHDRAWALS && <WithdrawalsTab />}
    </section>
  );
}

function ContractPanel({ c, sections }: { c: Managed; sections: readonly Section[] }) {
  const { t } = useTranslation();
  const { address } = useConnection();
  return (
    <div role="tabpanel" aria-label={c.name} className="manager-panel">
      <p className="muted small">
        {t("manager.contractAt", { name: c.name })} <AddressLink address={c.address} width="full" />
      </p>
      {c.name === "SwapToken" || c.name === "BurnToken" || c.name === "MiningToken" ? (
        <TokenInfo c={c} />
      ) : null}
      {overviews
        .filter((o) => o.contract === c.name)
        .map((o) => (
          <OverviewCard key={o.id} overview={o} address={c.address} abi={c.abi} />
        ))}
      {sections.map((s) => (
        <ConfigForm key={s.id} section={s} address={c.address} abi={c.abi} />
      ))}
      {c.name === "Ido" && (
        <BatchCard
          c={c}
          id="priority"
          count="priorityCount"
          grant={{ fn: "grantPriority", args: (list) => [list] }}
          revoke={{ fn: "revokePriority", args: (list) => [list] }}
        />
      )}
      {c.name === "MiningToken" && (
        <BatchCard
          c={c}
          id="whitelist"
          ownerOnly
          grant={{ fn: "setWhiteList", args: (list) => [list, true] }}
          revoke={{ fn: "setWhiteList", args: (list) => [list, false] }}
        />
      )}
      {c.name === "LpDividend" && <SendRewardCard c={c} />}
      <WithdrawCard c={c} account={address} />
      <AnnounceCard c={c} />
      <OwnershipCard c={c} />
      <UpgradeCard c={c} />
    </div>
  );
}

/** A token's fixed addresses (router, pair, USDT) and whether trading is open. */
function TokenInfo({ c }: { c: Managed }) {
  const { t } = useTranslation();
  const base = { address: c.address, abi: c.abi };
  const router = useManagerRead({ ...base, functionName: "router" });
  const pair = useManagerRead({ ...base, functionName: "swapPair" });
  const usdt = useManagerRead({ ...base, functionName: "usdt" });
  const open = useManagerRead({ ...base, functionName: "tradingOpen" });
  const rows: [string, unknown][] = [
    ["router", router.data],
    ["swapPair", pair.data],
    ["usdt", usdt.data],
    ["tradingOpen", open.data === undefined ? undefined : open.data ? t("manager.yes") : t("manager.no")],
  ];
  return (
    <section className="card manager-section" aria-labelledby={`${c.name}-info`}>
      <h3 id={`${c.name}-info`} className="card-title">
        {t("manager.sections.tokenInfo")}
      </h3>
      <dl className="kv">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>
              <code>{k}</code>
            </dt>
            <dd className="address-full">{v === undefined ? "…" : String(v as Address | string)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

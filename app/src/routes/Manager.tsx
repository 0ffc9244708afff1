import { useTranslation } from "../i18n";
import { Link } from "../lib/router";
import { ManagerRoute } from "../features/admin/components/ManagerRoute";
import { ManagerPage } from "../features/admin/components/ManagerPage";
import { TOKENS, distributorSections, mainSections } from "../features/admin/descriptors";
import { MANAGED } from "../features/admin/registry";

/** The managed contracts but the fee tokens (those are `/managerTRC`'s). */
const CONTRACTS = MANAGED.filter((name) => !(TOKENS as readonly string[]).includes(name));

/**
 * `/manager` (lazy, managers only): Presale, Ido, Staking, LpSwap and the distributors, the audit log, and
 * the operators' withdrawals console.
 */
export default function Manager() {
  const { t } = useTranslation();
  return (
    <ManagerRoute>
      <ManagerPage
        title={t("pages.manager")}
        names={CONTRACTS}
        sections={[...mainSections, ...distributorSections]}
        related={<Link to="/managerTRC">{t("nav.managerTrc")}</Link>}
        withdrawals
      />
    </ManagerRoute>
  );
}

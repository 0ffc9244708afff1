import { useTranslation } from "../i18n";
import { Link } from "../lib/router";
import { ManagerRoute } from "../features/admin/components/ManagerRoute";
import { ManagerPage } from "../features/admin/components/ManagerPage";
import { distributorSections, mainSections } from "../features/admin/descriptors";

const CONTRACTS = [
  "Presale",
  "Ido",
  "Staking",
  "LpSwap",
  "LpDividend",
  "HoldDividend",
  "NodeReward",
] as const;

/** `/manager` (lazy, managers only): Presale, Ido, Staking, LpSwap and the distributors, plus the audit log. */
export default function Manager() {
  const { t } = useTranslation();
  return (
    <ManagerRoute>
      <ManagerPage
        title={t("pages.manager")}
        names={CONTRACTS}
        sections={[...mainSections, ...distributorSections]}
        related={<Link to="/managerTRC">{t("nav.managerTrc")}</Link>}
      />
    </ManagerRoute>
  );
}

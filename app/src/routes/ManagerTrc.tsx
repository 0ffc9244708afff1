import { useTranslation } from "../i18n";
import { Link } from "../lib/router";
import { ManagerRoute } from "../features/manager/components/ManagerRoute";
import { ManagerPage } from "../features/manager/components/ManagerPage";
import { TOKENS, trcSections } from "../features/manager/descriptors";

/** `/managerTRC` (lazy, managers only): the token-side configuration of the three fee tokens, plus the audit log. */
export default function ManagerTrc() {
  const { t } = useTranslation();
  return (
    <ManagerRoute>
      <ManagerPage
        title={t("pages.managerTrc")}
        names={TOKENS}
        sections={trcSections}
        related={<Link to="/manager">{t("nav.manager")}</Link>}
      />
    </ManagerRoute>
  );
}

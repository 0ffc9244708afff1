import { useTranslation } from "../i18n";
import { Link } from "../lib/router";
import { ManagerRoute } from "../features/admin/components/ManagerRoute";
import { ManagerPage } from "../features/admin/components/ManagerPage";
import { TOKENS, trcSections } from "../features/admin/descriptors";

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

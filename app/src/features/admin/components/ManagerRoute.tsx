import type { ReactNode } from "react";
import { useTranslation } from "../../../i18n";
import { Navigate } from "../../../lib/router";
import { useIsManager } from "../hooks/useIsManager";

/** Renders its children for managers only; everyone else is sent to `/`. */
export function ManagerRoute({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isManager, isLoading } = useIsManager();
  if (isLoading) return <p className="page-note">{t("common.loading")}</p>;
  if (!isManager) return <Navigate to="/" replace />;
  return children;
}

import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { useIsManager } from "../hooks/useIsManager";

/** Renders its children for managers only; everyone else is sent to `/`. */
export function ManagerRoute({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { isManager, isLoading } = useIsManager();
  if (isLoading) return <p className="page-note">{t("common.loading")}</p>;
  if (!isManager) return <Navigate to="/" replace />;
  return children;
}

import type { ReactNode } from "react";
import { useTranslation } from "../i18n";

/** A page that has a title and nothing to show yet. */
export function Placeholder({ title, children }: { title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page-title">{title}</h1>
      <div className="card empty">
        <p>{t("common.comeSoon")}</p>
        <p className="muted">{t("common.noData")}</p>
      </div>
      {children}
    </section>
  );
}

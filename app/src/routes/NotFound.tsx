import { useTranslation } from "../i18n";
import { Link } from "../lib/router";

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="page">
      <h1 className="page-title">404</h1>
      <div className="card empty">
        <p>{t("pages.notFound")}</p>
        <Link className="button" to="/">
          {t("pages.backHome")}
        </Link>
      </div>
    </section>
  );
}

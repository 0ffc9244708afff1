import { useTranslation } from "../../i18n";
import { Link } from "../../lib/router";
import { AccountButton } from "../../features/wallet/components/AccountButton";
import { useAppStore } from "../store";

/** Menu button, logo (to /), account button, language toggle showing the other language. */
export function TopBar() {
  const { t } = useTranslation();
  const lang = useAppStore((s) => s.lang);
  const setLang = useAppStore((s) => s.setLang);
  const showMenu = useAppStore((s) => s.showMenu);
  const setShowMenu = useAppStore((s) => s.setShowMenu);
  const other = lang === "zh" ? "en" : "zh";
  return (
    <header className="topbar">
      <button
        type="button"
        className="icon-button menu-button"
        aria-label={t("nav.menu")}
        aria-expanded={showMenu}
        aria-controls="side-menu"
        onClick={() => setShowMenu(!showMenu)}
      >
        <span aria-hidden="true" className="burger" />
      </button>
      <Link to="/" className="logo">
        <span className="taiji" aria-hidden="true" />
        <span>{t("common.appName")}</span>
      </Link>
      <div className="topbar-end">
        <AccountButton />
        <button
          type="button"
          className="lang-button"
          title={t("common.switchLanguage")}
          onClick={() => setLang(other)}
        >
          {other}
        </button>
      </div>
    </header>
  );
}

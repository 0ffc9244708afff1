import { useTranslation } from "../../i18n";
import { Link } from "../../lib/router";
import { AccountButton } from "../../features/wallet/components/AccountButton";
import { useAppStore } from "../store";
import { LanguagePicker } from "./LanguagePicker";

/** Menu button, logo (to /), account button, the language toggle and picker. */
export function TopBar() {
  const { t } = useTranslation();
  const showMenu = useAppStore((s) => s.showMenu);
  const setShowMenu = useAppStore((s) => s.setShowMenu);
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
        <LanguagePicker />
      </div>
    </header>
  );
}

import { useTranslation } from "../../i18n";
import { Link } from "../../lib/router";
import { appChain } from "../wagmi";

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="footer">
      {t("footer.copyright", { chain: appChain.name })} ·{" "}
      <Link to="/governance">{t("footer.governance")}</Link>
    </footer>
  );
}

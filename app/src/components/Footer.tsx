import { useTranslation } from "../i18n";
import { appChain } from "../wagmi";

export function Footer() {
  const { t } = useTranslation();
  return <footer className="footer">{t("footer.copyright", { chain: appChain.name })}</footer>;
}

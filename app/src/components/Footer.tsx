import { useTranslation } from "react-i18next";
import { appChain } from "../wagmi";

export function Footer() {
  const { t } = useTranslation();
  return <footer className="footer">{t("footer.copyright", { chain: appChain.name })}</footer>;
}

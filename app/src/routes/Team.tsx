import { useTranslation } from "react-i18next";
import { Placeholder } from "../components/Placeholder";

export default function Team() {
  const { t } = useTranslation();
  return <Placeholder title={t("pages.team")} />;
}

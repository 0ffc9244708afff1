import { useTranslation } from "react-i18next";
import { Placeholder } from "../components/Placeholder";
import { ManagerRoute } from "../features/manager/components/ManagerRoute";

export default function Manager() {
  const { t } = useTranslation();
  return (
    <ManagerRoute>
      <Placeholder title={t("pages.manager")} />
    </ManagerRoute>
  );
}

import { useTranslation } from "react-i18next";
import type { AppMessage } from "../i18n/keys";

/** Renders an AppMessage in the current language. */
export function Message({ message }: { message: AppMessage }) {
  const { t } = useTranslation();
  return <>{t(message.key, message.values ?? {})}</>;
}

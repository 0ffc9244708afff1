import { useTranslation } from "../i18n";
import type { AppMessage } from "../i18n/keys";

/** Renders an AppMessage in the current language. */
export function Message({ message }: { message: AppMessage }) {
  const { t } = useTranslation();
  return <>{t(message.key, message.values ?? {})}</>;
}

import type { AppMessage } from "../i18n/keys";
import { useAppStore } from "./store";

/** Copies `text` and says so in a toast: `copied`, or `failed` (the error logged) when the browser refuses. */
export async function copyWithToast(
  text: string,
  messages: { copied: AppMessage; failed: AppMessage },
): Promise<void> {
  const { toast } = useAppStore.getState();
  try {
    await navigator.clipboard.writeText(text);
    toast("success", messages.copied);
  } catch (err) {
    console.error("clipboard write failed", err);
    toast("error", messages.failed);
  }
}

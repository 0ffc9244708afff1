import { useQuery } from "@tanstack/react-query";
import { useAppStore } from "../../../app/store";

/** Query keys of `/mine`; everything under MINE_KEY is refetched after a sign-in or a payment. */
export const MINE_KEY = "mine";

/** A backend read of `/mine`: no automatic retry (a refusal is shown once, as a toast). */
export function useMineQuery<T>(key: readonly unknown[], fn: () => Promise<T>, enabled = true) {
  const lang = useAppStore((s) => s.lang);
  return useQuery({ queryKey: [MINE_KEY, lang, ...key], queryFn: fn, enabled, retry: false });
}

import { useEffect } from "react";
import { useConfig } from "wagmi";
import { watchWalletChanges } from "../../../lib/walletEvents";

/** Account change -> drop loginToken + reload; chain change -> reload (see walletChangeAction). */
export function useWalletWatchers() {
  const config = useConfig();
  useEffect(() => watchWalletChanges(config), [config]);
}

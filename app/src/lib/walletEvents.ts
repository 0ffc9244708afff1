import type { Config } from "wagmi";
import { switchChain, watchConnection } from "wagmi/actions";
import { STORAGE_KEYS, writeStored } from "./storage";

type ConnectionSnapshot = { status: string; address?: string | undefined; chainId?: number | undefined };
export type WalletChangeAction = "none" | "reload" | "logout-reload";

let appSwitching = 0;

/**
 * What to do when the wallet connection changes: a different account while connected
 * -> drop the login token and reload; a different chain while connected -> reload, unless the app itself
 * asked for the switch (the banner or the transaction helper), where wagmi's state is enough.
 * Connecting, reconnecting on load and disconnecting change nothing.
 */
export function walletChangeAction(
  prev: ConnectionSnapshot,
  next: ConnectionSnapshot,
  switchingByApp: boolean,
): WalletChangeAction {
  if (prev.status !== "connected" || next.status !== "connected") return "none";
  if (prev.address?.toLowerCase() !== next.address?.toLowerCase()) return "logout-reload";
  if (prev.chainId !== next.chainId && !switchingByApp) return "reload";
  return "none";
}

/** Subscribes to wallet account/chain changes for the app's lifetime. Returns the unsubscribe function. */
export function watchWalletChanges(config: Config, reload: () => void = () => window.location.reload()) {
  return watchConnection(config, {
    onChange(next, prev) {
      const action = walletChangeAction(prev, next, appSwitching > 0);
      if (action === "logout-reload") writeStored(STORAGE_KEYS.loginToken, null);
      if (action !== "none") reload();
    },
  });
}

/** Asks the wallet to switch to `chainId` (adding it if the wallet does not know it), without the reload. */
export async function switchChainByApp(config: Config, chainId: number): Promise<void> {
  appSwitching++;
  try {
    await switchChain(config, { chainId });
  } finally {
    appSwitching--;
  }
}

import type { Address } from "viem";

export type ManagerSources = {
  /** Presale `owner()` */
  owner?: Address | undefined;
  /** Presale `getConfig().manager` */
  configManager?: Address | undefined;
  /** VITE_MANAGER_ADDRESSES */
  extra?: readonly Address[];
};

/** An account is a manager when it is the Presale owner, its configured manager, or listed in env (case-insensitive). */
export function isManager(account: Address | undefined, sources: ManagerSources): boolean {
  if (!account) return false;
  const a = account.toLowerCase();
  const candidates = [sources.owner, sources.configManager, ...(sources.extra ?? [])];
  return candidates.some((c) => c !== undefined && c.toLowerCase() === a);
}

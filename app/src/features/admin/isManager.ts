import type { Address } from "viem";

export type ManagerSources = {
  /** Presale `owner()` */
  owner?: Address | undefined;
  /** Presale `getConfig().manager` */
  configManager?: Address | undefined;
  /** VITE_MANAGER_ADDRESSES */
  extra?: readonly Address[];
  /** the account holds the timelock's PROPOSER_ROLE (the timelock owns the contracts, so its proposers act as owners) */
  proposer?: boolean | undefined;
  /** the account owns the operators' Safe, and that Safe proposes on the timelock or is the Presale's manager */
  safeOwner?: boolean;
};

/** Whether two addresses are the same, in any letter case (a missing one matches none). */
export const same = (a: Address | undefined, b: Address | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();

/**
 * An account is a manager when it is the Presale owner, its configured manager, a proposer of the
 * timelock that owns the contracts, an owner of a Safe that is one of those, or listed in env (case-insensitive).
 */
export function isManager(account: Address | undefined, sources: ManagerSources): boolean {
  if (!account) return false;
  if (sources.proposer || sources.safeOwner) return true;
  const candidates = [sources.owner, sources.configManager, ...(sources.extra ?? [])];
  return candidates.some((c) => same(c, account));
}

import type { Address } from "viem";
import { useConnection, useReadContract } from "wagmi";
import {
  PROPOSER_ROLE,
  presaleViews as presale,
  presaleViewsAbi,
  timelockViews as timelock,
  timelockViewsAbi,
} from "../../../app/contractViews";
import { appChain } from "../../../app/wagmi";
import { env } from "../../../lib/env";
import { useReadGate } from "../../../lib/readGate";
import { isManager } from "../isManager";

export type ManagerStatus = { isManager: boolean; isLoading: boolean };

/**
 * The Presale's `owner()` and `getConfig()` (its manager) and whether `account` holds the timelock's
 * PROPOSER_ROLE: the reads that say who manages, shared (one cache) by the menu's check below and the
 * manager forms' routes (`useAdminCall`). `enabled`: the read gate where the page has one.
 */
export function useManagerSources(account: Address | undefined, enabled = true) {
  const owner = useReadContract({
    address: presale.address,
    abi: presaleViewsAbi,
    functionName: "owner",
    chainId: appChain.id,
    query: { enabled },
  });
  const config = useReadContract({
    address: presale.address,
    abi: presaleViewsAbi,
    functionName: "getConfig",
    chainId: appChain.id,
    query: { enabled },
  });
  const proposer = useReadContract({
    address: timelock.address,
    abi: timelockViewsAbi,
    functionName: "hasRole",
    args: account && [PROPOSER_ROLE, account],
    chainId: appChain.id,
    query: { enabled: !!account && enabled },
  });
  return { owner, config, proposer };
}

/**
 * Whether the connected account is a manager (loading while the read gate is closed). The Presale
 * reads and the timelock's proposer check go out with the page's other reads, in one Multicall3 call.
 * Addresses from VITE_MANAGER_ADDRESSES count too.
 */
export function useIsManager(): ManagerStatus {
  const { address, status } = useConnection();
  const gate = useReadGate();
  const { owner, config, proposer } = useManagerSources(address, !!address && gate);

  const result = isManager(address, {
    owner: owner.data,
    configManager: config.data?.manager,
    extra: env.managerAddresses,
    proposer: proposer.data,
  });
  const isLoading =
    status === "connecting" ||
    status === "reconnecting" ||
    (!!address && (owner.isPending || config.isPending || proposer.isPending) && !result);
  return { isManager: result, isLoading };
}

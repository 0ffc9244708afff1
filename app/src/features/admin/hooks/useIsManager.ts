import type { Address } from "viem";
import { useConnection, useReadContract, useReadContracts } from "wagmi";
import {
  PROPOSER_ROLE,
  presaleViews as presale,
  presaleViewsAbi,
  timelockViews as timelock,
  timelockViewsAbi,
} from "../../../app/contractViews";
import { appChain } from "../../../app/wagmi";
import { recordedSafe } from "../../../lib/deployments";
import { env } from "../../../lib/env";
import { useReadGate } from "../../../lib/readGate";
import { isManager, same } from "../isManager";

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
  const safe = useOperatorSafe(account, config.data?.manager, enabled);
  return { owner, config, proposer, safe };
}

/** The few Safe views the manager checks read (the rest of the Safe's ABI loads with the manager area). */
const safeViewsAbi = [
  {
    type: "function",
    name: "getOwners",
    stateMutability: "view",
    inputs: [],
    outputs: [{ type: "address[]" }],
  },
  {
    type: "function",
    name: "getThreshold",
    stateMutability: "view",
    inputs: [],
    outputs: [{ type: "uint256" }],
  },
  { type: "function", name: "nonce", stateMutability: "view", inputs: [], outputs: [{ type: "uint256" }] },
] as const;

/** The operators' Safe as the connected account reaches it: as one of its owners. */
export type OperatorSafe = {
  address: Address;
  owners: readonly Address[];
  threshold: bigint;
  /** the Safe's nonce: the next transaction it executes */
  nonce: bigint;
  /** it holds the timelock's PROPOSER_ROLE */
  proposer: boolean;
  multiSendCallOnly: Address | undefined;
};

/**
 * The Safe `account` owns among the operators' Safes: the one recorded beside the deployment file, else the
 * Presale's manager when that is a Safe. Undefined when the account owns neither (or an EOA manages).
 */
function useOperatorSafe(account: Address | undefined, manager: Address | undefined, enabled: boolean) {
  const recorded = recordedSafe();
  const address = recorded?.address ?? manager;
  const on = { address: address!, abi: safeViewsAbi, chainId: appChain.id } as const;
  const reads = useReadContracts({
    contracts: [
      { ...on, functionName: "getOwners" },
      { ...on, functionName: "getThreshold" },
      { ...on, functionName: "nonce" },
      {
        address: timelock.address,
        abi: timelockViewsAbi,
        functionName: "hasRole",
        args: [PROPOSER_ROLE, address!],
        chainId: appChain.id,
      },
    ],
    query: { enabled: enabled && !!account && !!address },
  });
  const [owners, threshold, nonce, proposer] = reads.data ?? [];
  const owns = !!owners?.result?.some((o) => same(o, account));
  const data: OperatorSafe | undefined =
    owns && address && threshold?.result !== undefined && nonce?.result !== undefined
      ? {
          address,
          owners: owners!.result!,
          threshold: threshold.result,
          nonce: nonce.result,
          proposer: proposer?.result === true,
          multiSendCallOnly: recorded?.multiSendCallOnly,
        }
      : undefined;
  return { data, isLoading: reads.isLoading, refetch: reads.refetch };
}

/**
 * Whether the connected account is a manager (loading while the read gate is closed). The Presale
 * reads and the timelock's proposer check go out with the page's other reads, in one Multicall3 call.
 * Addresses from VITE_MANAGER_ADDRESSES count too.
 */
export function useIsManager(): ManagerStatus {
  const { address, status } = useConnection();
  const gate = useReadGate();
  const { owner, config, proposer, safe } = useManagerSources(address, !!address && gate);

  const result = isManager(address, {
    owner: owner.data,
    configManager: config.data?.manager,
    extra: env.managerAddresses,
    proposer: proposer.data,
    safeOwner: !!safe.data && (safe.data.proposer || same(safe.data.address, config.data?.manager)),
  });
  const isLoading =
    status === "connecting" ||
    status === "reconnecting" ||
    (!!address && (owner.isPending || config.isPending || proposer.isPending || safe.isLoading) && !result);
  return { isManager: result, isLoading };
}

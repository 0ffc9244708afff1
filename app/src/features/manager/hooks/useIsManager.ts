import { useConnection, useReadContract } from "wagmi";
import {
  PROPOSER_ROLE,
  presaleViews as presale,
  presaleViewsAbi,
  timelockViews as timelock,
  timelockViewsAbi,
} from "../../../contractViews";
import { appChain } from "../../../wagmi";
import { env } from "../../../lib/env";
import { useReadGate } from "../../../lib/readGate";
import { isManager } from "../isManager";

export type ManagerStatus = { isManager: boolean; isLoading: boolean };

/**
 * Whether the connected account is a manager (loading while the read gate is closed). The Presale
 * reads and the timelock's proposer check go out with the page's other reads, in one Multicall3 call. Addresses from VITE_MANAGER_ADDRESSES count even without a Presale.
 */
export function useIsManager(): ManagerStatus {
  const { address, status } = useConnection();
  const gate = useReadGate();
  const enabled = !!presale && !!address && gate;
  const owner = useReadContract({
    address: presale?.address,
    abi: presaleViewsAbi,
    functionName: "owner",
    chainId: appChain.id,
    query: { enabled },
  });
  const config = useReadContract({
    address: presale?.address,
    abi: presaleViewsAbi,
    functionName: "getConfig",
    chainId: appChain.id,
    query: { enabled },
  });
  const proposer = useReadContract({
    address: timelock?.address,
    abi: timelockViewsAbi,
    functionName: "hasRole",
    args: address && [PROPOSER_ROLE, address],
    chainId: appChain.id,
    query: { enabled: !!timelock && !!address && gate },
  });

  const result = isManager(address, {
    owner: owner.data,
    configManager: config.data?.manager,
    extra: env.managerAddresses,
    proposer: proposer.data,
  });
  const isLoading =
    status === "connecting" ||
    status === "reconnecting" ||
    (!!presale && !!address && (owner.isPending || config.isPending) && !result) ||
    (!!timelock && !!address && proposer.isPending && !result);
  return { isManager: result, isLoading };
}

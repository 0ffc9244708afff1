import { useConnection, useReadContract } from "wagmi";
import { presaleViews as presale, presaleViewsAbi } from "../../../contractViews";
import { appChain } from "../../../wagmi";
import { env } from "../../../lib/env";
import { useReadGate } from "../../../lib/readGate";
import { isManager } from "../isManager";

export type ManagerStatus = { isManager: boolean; isLoading: boolean };

/**
 * Whether the connected account is a manager (loading while the read gate is closed). Both Presale
 * reads go out with the page's other reads, in one Multicall3 call. Addresses from VITE_MANAGER_ADDRESSES count even without a Presale.
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

  const result = isManager(address, {
    owner: owner.data,
    configManager: config.data?.manager,
    extra: env.managerAddresses,
  });
  const isLoading =
    status === "connecting" ||
    status === "reconnecting" ||
    (!!presale && !!address && (owner.isPending || config.isPending) && !result);
  return { isManager: result, isLoading };
}

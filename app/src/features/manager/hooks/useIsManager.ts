import { useConnection, useReadContract } from "wagmi";
import { presaleAbi } from "@taichi/contracts";
import { presale } from "../../../contracts";
import { appChain } from "../../../wagmi";
import { env } from "../../../lib/env";
import { isManager } from "../isManager";

export type ManagerStatus = { isManager: boolean; isLoading: boolean };

/**
 * Whether the connected account is a manager. Both Presale reads go out in the same tick and are
 * batched into one Multicall3 call. Addresses from VITE_MANAGER_ADDRESSES count even without a Presale.
 */
export function useIsManager(): ManagerStatus {
  const { address, status } = useConnection();
  const enabled = !!presale && !!address;
  const owner = useReadContract({
    address: presale?.address,
    abi: presaleAbi,
    functionName: "owner",
    chainId: appChain.id,
    query: { enabled },
  });
  const config = useReadContract({
    address: presale?.address,
    abi: presaleAbi,
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
    (enabled && (owner.isPending || config.isPending) && !result);
  return { isManager: result, isLoading };
}

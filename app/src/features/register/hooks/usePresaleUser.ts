import type { Address } from "viem";
import { useReadContract } from "wagmi";
import { presaleAbi } from "@taichi/contracts";
import { presale } from "../../../contracts";
import { appChain } from "../../../wagmi";

/** `users(account)` on the Presale; disabled while there is no account or no Presale. */
export function usePresaleUser(account: Address | undefined) {
  return useReadContract({
    address: presale?.address,
    abi: presaleAbi,
    functionName: "users",
    args: account ? [account] : undefined,
    chainId: appChain.id,
    query: { enabled: !!presale && !!account },
  });
}

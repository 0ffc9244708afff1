import type { Address } from "viem";
import { useReadContract } from "wagmi";
import { presaleViews as presale, presaleViewsAbi } from "./contractViews";
import { useReadGate } from "../lib/readGate";
import { appChain } from "./wagmi";

/** `users(account)` on the Presale; disabled while there is no account or no Presale. */
export function usePresaleUser(account: Address | undefined) {
  const gate = useReadGate();
  return useReadContract({
    address: presale.address,
    abi: presaleViewsAbi,
    functionName: "users",
    args: account ? [account] : undefined,
    chainId: appChain.id,
    query: { enabled: !!account && gate },
  });
}

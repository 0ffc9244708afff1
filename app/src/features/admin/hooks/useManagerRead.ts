import { useQuery } from "@tanstack/react-query";
import type { Abi, Address } from "viem";
import { readContract } from "viem/actions";
import { useClient } from "wagmi";
import { appChain } from "../../../app/wagmi";

export const MANAGER_READ_KEY = "manager-read";

/**
 * One view call with a runtime ABI (the manager forms are driven by descriptors, not typed calls).
 * Same-tick calls share one Multicall3 call; a transaction through the shared path refreshes them.
 * The bare client plus `readContract`: `usePublicClient` would bundle every public action.
 */
export function useManagerRead(
  call: { address: Address; abi: Abi; functionName: string; args?: readonly unknown[] } | undefined,
) {
  const client = useClient({ chainId: appChain.id });
  return useQuery({
    queryKey: [MANAGER_READ_KEY, call?.address, call?.functionName, call?.args?.map(String)],
    enabled: !!client && !!call,
    retry: false,
    queryFn: () =>
      readContract(client!, {
        address: call!.address,
        abi: call!.abi,
        functionName: call!.functionName,
        args: call!.args,
      }) as Promise<unknown>,
  });
}

/** Several view calls without arguments on one contract, in one query (a form's `caps`). */
export function useManagerReads(address: Address, abi: Abi, fns: readonly string[] | undefined) {
  const client = useClient({ chainId: appChain.id });
  return useQuery({
    queryKey: [MANAGER_READ_KEY, address, "reads", fns],
    enabled: !!client && !!fns && fns.length > 0,
    retry: false,
    queryFn: () =>
      Promise.all(
        fns!.map((functionName) => readContract(client!, { address, abi, functionName })),
      ) as Promise<unknown[]>,
  });
}

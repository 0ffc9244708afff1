import { routerAbi } from "@taichi/contracts";
import { type Address, zeroAddress } from "viem";
import { useReadContract } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { appChain } from "../../../app/wagmi";
import { router } from "../contracts";

const ROUTER = router ?? { address: zeroAddress, abi: routerAbi, chainId: appChain.id };

/** The router's quote `getAmountsOut(amountIn, path)[1]`, read when there is something to quote. */
export function useRouterQuote(path: readonly [Address, Address] | undefined, amountIn: bigint | undefined) {
  const gate = useReadGate();
  const quote = useReadContract({
    ...ROUTER,
    functionName: "getAmountsOut",
    args: path && amountIn !== undefined ? [amountIn, [...path]] : undefined,
    query: { enabled: !!router && !!path && amountIn !== undefined && amountIn > 0n && gate },
  });
  return { out: quote.data?.[1], isError: quote.isError, isFetching: quote.isFetching };
}

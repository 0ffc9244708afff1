import type { Address } from "viem";
import { useReadContract } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { router } from "../contracts";

/** The router's quote `getAmountsOut(amountIn, path)[1]`, read when there is something to quote. */
export function useRouterQuote(path: readonly [Address, Address] | undefined, amountIn: bigint | undefined) {
  const gate = useReadGate();
  const quote = useReadContract({
    ...router,
    functionName: "getAmountsOut",
    args: path && amountIn !== undefined ? [amountIn, [...path]] : undefined,
    query: { enabled: !!path && amountIn !== undefined && amountIn > 0n && gate },
  });
  return { out: quote.data?.[1], isError: quote.isError, isFetching: quote.isFetching };
}

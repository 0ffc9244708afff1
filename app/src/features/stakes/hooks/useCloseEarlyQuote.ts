import { useReadContract } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { stakingIncome } from "../../../app/staking";

/** What `closeEarly(index)` would pay back now (in the order's asset) and cancel (USDT of upline income). */
export function useCloseEarlyQuote(index: bigint | undefined) {
  const gate = useReadGate();
  const quote = useReadContract({
    ...stakingIncome,
    functionName: "closeEarlyQuote",
    args: [index ?? 0n],
    query: { enabled: index !== undefined && gate },
  });
  const [refund, cancelled] = quote.data ?? [];
  return { refund, cancelled, isError: quote.isError, refetch: quote.refetch };
}

import { useReadContracts } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { swapTokens, tokenHandle } from "../contracts";

/** The symbol of each token in `swapTokens` (the deployment's names until they are read). */
export function useTokenSymbols(): string[] {
  const gate = useReadGate();
  const symbols = useReadContracts({
    allowFailure: false,
    contracts: swapTokens.map((x) => ({ ...tokenHandle(x.address), functionName: "symbol" }) as const),
    query: { enabled: gate },
  });
  return swapTokens.map((x, i) => symbols.data?.[i] ?? x.name);
}

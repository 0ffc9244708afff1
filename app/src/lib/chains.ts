import { type Address, type Chain, defineChain } from "viem";
import { bsc, bscTestnet } from "viem/chains";
import { type SupportedChainId, LOCAL_RPC_URL } from "./env";

/** Local anvil chain (31337). */
export const localChain = defineChain({
  id: 31337,
  name: "Local",
  nativeCurrency: { name: "BNB", symbol: "BNB", decimals: 18 },
  rpcUrls: { default: { http: [LOCAL_RPC_URL] } },
  testnet: true,
});

const BASE_CHAINS: Record<SupportedChainId, Chain> = { 31337: localChain, 56: bsc, 97: bscTestnet };

/**
 * The chain object for the configured chain: the RPC URL from env when given, and the Multicall3
 * address from the deployment file when it has one (local anvil has none built in).
 */
export function buildChain(chainId: SupportedChainId, rpcUrl?: string, multicall3?: Address): Chain {
  const base = BASE_CHAINS[chainId];
  const rpcUrls = rpcUrl ? { default: { http: [rpcUrl] } } : base.rpcUrls;
  const known = base.contracts?.multicall3;
  const contracts =
    multicall3 && multicall3.toLowerCase() !== known?.address.toLowerCase()
      ? { ...base.contracts, multicall3: { address: multicall3 } }
      : base.contracts;
  return { ...base, rpcUrls, contracts };
}

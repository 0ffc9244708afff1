import { createConfig, http, injected } from "wagmi";
import { buildChain } from "./lib/chains";
import { contractAddress } from "./lib/deployments";
import { env } from "./lib/env";

/** The one chain the app works on (VITE_CHAIN_ID), with Multicall3 from the deployment file. */
export const appChain = buildChain(env.chainId, env.rpcUrl, contractAddress(env.chainId, "Multicall3"));

/**
 * Wallets: every EIP-6963 wallet the browser announces becomes its own `injected` connector
 * (`multiInjectedProviderDiscovery`); the plain `injected()` one covers wallets that only set
 * `window.ethereum`. No WalletConnect / Coinbase SDKs.
 * Reads: eth_calls made in the same tick are batched into one Multicall3 call (`batch.multicall`),
 * unless VITE_RPC_MULTICALL=off (the bench compares both).
 */
export const config = createConfig({
  chains: [appChain],
  connectors: [injected()],
  multiInjectedProviderDiscovery: true,
  batch: { multicall: env.multicall },
  transports: { [appChain.id]: http(env.rpcUrl) },
});

declare module "wagmi" {
  interface Register {
    config: typeof config;
  }
}

import { createConfig, http, injected } from "wagmi";
import { reconnect } from "wagmi/actions";
import { safe } from "wagmi/connectors";
import { buildChain } from "../lib/chains";
import { appDeployment } from "../lib/deployments";
import { env } from "../lib/env";
import { readStored } from "../lib/storage";
import { walletConnectConnector } from "./walletConnect";

/** The one chain the app works on (VITE_CHAIN_ID), with Multicall3 from the deployment file. */
export const appChain = buildChain(
  env.chainId,
  env.rpcUrl,
  appDeployment.ok ? appDeployment.deployment.contracts.Multicall3 : undefined,
);

/** How long the first read of a batch waits for others (a frame). */
export const READ_BATCH_WAIT_MS = 16;

/**
 * Calldata bytes per Multicall3 call before viem splits it (default 1,024, about 4 reads): a page's
 * largest batch (50 order ids, or the team chart's 28 day reads) stays one call.
 */
export const MULTICALL_BATCH_BYTES = 16_384;

/**
 * Wallets: every EIP-6963 wallet the browser announces becomes its own `injected` connector
 * (`multiInjectedProviderDiscovery`); the plain `injected()` one covers wallets that only set
 * `window.ethereum`; WalletConnect only when VITE_WALLETCONNECT_PROJECT_ID is set (`extraConnectors`).
 * Reads: eth_calls started within READ_BATCH_WAIT_MS of each other become one Multicall3 call
 * (`batch.multicall`), and other JSON-RPC requests of that window one JSON-RPC batch (`http` batch),
 * so a page view's reads, which all start when the read gate opens (lib/readGate.ts), are one HTTP
 * request. VITE_RPC_MULTICALL=off turns both off (the bench compares both).
 */
/**
 * WalletConnect, when configured. The build replaces `import.meta.env.VITE_WALLETCONNECT_PROJECT_ID`
 * with its value, so without a project id the bundler drops the connector: `/` loads none of it (the
 * front-end budget). `env` has checked the value.
 */
const extraConnectors =
  import.meta.env.VITE_WALLETCONNECT_PROJECT_ID && env.walletConnectProjectId
    ? [
        walletConnectConnector(
          env.walletConnectProjectId,
          typeof window === "undefined" ? "" : window.location.origin,
        ),
      ]
    : [];

/**
 * Inside Safe{Wallet} (the app opened as a Safe App, in its iframe; public/manifest.json describes it) the
 * connected account is the Safe itself, and each transaction becomes a Safe transaction there. The Safe Apps SDK
 * loads only inside such an iframe.
 */
const safeApp = safe({ allowedDomains: [/^app\.safe\.global$/] });

/**
 * Whether wagmi keeps a connected session to restore (its localStorage state "wagmi.store" names a
 * `current` connection, null once disconnected); read before createConfig, which first writes its empty
 * state there.
 */
const sessionStored = /"current":"/.test(readStored("wagmi.store") ?? "");

export const config = createConfig({
  chains: [appChain],
  connectors: [injected(), safeApp, ...extraConnectors],
  multiInjectedProviderDiscovery: true,
  batch: { multicall: env.multicall && { wait: READ_BATCH_WAIT_MS, batchSize: MULTICALL_BATCH_BYTES } },
  transports: { [appChain.id]: http(env.rpcUrl, { batch: env.multicall && { wait: READ_BATCH_WAIT_MS } }) },
});

// A returning member is "reconnecting" from the first render, not a visitor until the wallet answers: the
// pages lay out the member's cards (their placeholders) at once, and nothing moves when the account arrives.
if (sessionStored) config.setState((state) => ({ ...state, status: "reconnecting" }));

declare module "wagmi" {
  interface Register {
    config: typeof config;
  }
}

/** In Safe{Wallet}'s iframe, connects the Safe at once (nothing to pick: the Safe is the account). */
export function connectInsideSafe() {
  if (typeof window === "undefined" || window.parent === window) return;
  const connector = config.connectors.find((c) => c.id === "safe");
  if (connector) void reconnect(config, { connectors: [connector] });
}

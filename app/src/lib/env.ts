import { type Address, getAddress, isAddress } from "viem";

/**
 * App configuration, read from Vite env at build/dev time (put them in the repo-root `.env`
 * or the process environment):
 *
 * | variable                 | default                    | meaning                                                     |
 * |--------------------------|----------------------------|-------------------------------------------------------------|
 * | `VITE_CHAIN_ID`          | `31337`                    | the one chain the app talks to: 31337 local anvil, 56 BSC, 97 BSC testnet |
 * | `VITE_RPC_URL`           | `http://127.0.0.1:8545` for 31337, viem's public RPC for 56/97 | JSON-RPC endpoint for reads |
 * | `VITE_MANAGER_ADDRESSES` | empty                      | comma list of extra manager addresses (case-insensitive), on top of Presale `owner()` and `getConfig().manager` |
 * | `VITE_API_BASE`          | `/api/api/invest`          | base path (or absolute URL) of the /mine backend API          |
 * | `VITE_IDO_PROOF_DEADLINE`| none                       | presale rules: last day to submit the payment proof (YYYY-MM-DD), set for each presale; unset or `none` hides the line |
 * | `VITE_RPC_MULTICALL`     | `on`                       | `off`: reads are not merged into Multicall3 calls (`batch.multicall`) nor into JSON-RPC batches (for `npm run bench`) |
 * | `VITE_WALLETCONNECT_PROJECT_ID` | empty (off)        | WalletConnect Cloud (Reown) project id: set, the wallet picker offers WalletConnect (phone wallets by QR code or link); unset, none of its code is loaded |
 * | `VITE_LOG_RANGE`         | the chain's cap in `src/lib/logRange.ts` (5,000 on 56/97, none on 31337) | blocks one `eth_getLogs` may span (audit log window, team chart history): what the RPC in `VITE_RPC_URL` allows |
 * | `VITE_INDEXER_URL`       | none                       | the indexer (docs/indexer.md): history views read it in one request instead of `eth_getLogs` windows, which stay the fallback |
 * | `VITE_WATCH_URL`         | none (no link)             | where members get notified of Timelock changes (the channel the watcher posts to, docs/operations.md "Watcher"): /governance links it |
 * | `VITE_PUBLIC_URL`        | `http://127.0.0.1:$APP_PORT` on 31337; required on 56/97 | the site's public origin: link previews' absolute URLs, written into index.html by `vite.config.ts` (not read at run time) |
 * | `VITE_EXPLORER_URL`      | BscScan on 56/97, none on 31337 | block explorer whose `/tx/<hash>` and `/address/<address>` pages the app links (e.g. a local Otterscan) |
 *
 * Contract addresses are never configured here: they come from `deployments/<chainId>.json`.
 * The dev server itself reads `APP_PORT` (5173) and `API_PORT` (8787), see `vite.config.ts`.
 */
export const SUPPORTED_CHAIN_IDS = [31337, 56, 97] as const;
export type SupportedChainId = (typeof SUPPORTED_CHAIN_IDS)[number];

export const DEFAULT_CHAIN_ID: SupportedChainId = 31337;
export const LOCAL_RPC_URL = "http://127.0.0.1:8545";

export type AppEnv = {
  chainId: SupportedChainId;
  /** undefined: the chain's default RPC */
  rpcUrl: string | undefined;
  managerAddresses: Address[];
  /** backend base path, no trailing slash */
  apiBase: string;
  /** presale rules: payment-proof deadline as YYYY-MM-DD, undefined when hidden */
  idoProofDeadline: string | undefined;
  /** batch eth_calls through Multicall3 (VITE_RPC_MULTICALL, on unless `off`) */
  multicall: boolean;
  /** VITE_LOG_RANGE: blocks per eth_getLogs, undefined: the chain's own cap (src/lib/logRange.ts) */
  logRange: bigint | undefined;
  /** VITE_INDEXER_URL without a trailing slash, undefined: history from eth_getLogs windows only */
  indexerUrl: string | undefined;
  /** VITE_WALLETCONNECT_PROJECT_ID, undefined: WalletConnect is off */
  walletConnectProjectId: string | undefined;
  /** VITE_WATCH_URL: where to get notified of Timelock changes, undefined: /governance shows no link */
  watchUrl: string | undefined;
  /** VITE_EXPLORER_URL without a trailing slash, undefined: the chain's own explorer (lib/explorer.ts) */
  explorerUrl: string | undefined;
};

export const DEFAULT_API_BASE = "/api/api/invest";
const HTTP_URL = /^https?:\/\/[^\s/]+(\/\S*)?$/;

export class EnvError extends Error {
  override name = "EnvError";
}

function isSupportedChainId(n: number): n is SupportedChainId {
  return (SUPPORTED_CHAIN_IDS as readonly number[]).includes(n);
}

export function parseEnv(raw: Record<string, string | boolean | undefined>): AppEnv {
  const str = (key: string) => {
    const v = raw[key];
    return typeof v === "string" && v.trim() !== "" ? v.trim() : undefined;
  };
  /** An optional setting that must be an http(s) URL. */
  const httpUrl = (key: string) => {
    const text = str(key);
    if (text !== undefined && !HTTP_URL.test(text))
      throw new EnvError(`${key}="${text}" must be an http(s) URL`);
    return text;
  };

  const chainIdText = str("VITE_CHAIN_ID");
  const chainId = chainIdText === undefined ? DEFAULT_CHAIN_ID : Number(chainIdText);
  if (!isSupportedChainId(chainId)) {
    throw new EnvError(
      `VITE_CHAIN_ID=${chainIdText} is not supported (use one of ${SUPPORTED_CHAIN_IDS.join(", ")})`,
    );
  }

  const managerAddresses: Address[] = [];
  for (const part of (str("VITE_MANAGER_ADDRESSES") ?? "").split(",")) {
    const a = part.trim();
    if (a === "") continue;
    if (!isAddress(a, { strict: false }))
      throw new EnvError(`VITE_MANAGER_ADDRESSES: "${a}" is not an address`);
    managerAddresses.push(getAddress(a));
  }

  const rpcUrl = str("VITE_RPC_URL") ?? (chainId === 31337 ? LOCAL_RPC_URL : undefined);
  const apiBase = (str("VITE_API_BASE") ?? DEFAULT_API_BASE).replace(/\/+$/, "");
  const deadlineText = str("VITE_IDO_PROOF_DEADLINE") ?? "none";
  let idoProofDeadline: string | undefined;
  if (deadlineText.toLowerCase() !== "none") {
    const valid =
      /^\d{4}-\d{2}-\d{2}$/.test(deadlineText) && !Number.isNaN(Date.parse(`${deadlineText}T00:00:00Z`));
    if (!valid) throw new EnvError(`VITE_IDO_PROOF_DEADLINE="${deadlineText}" is not a YYYY-MM-DD date`);
    idoProofDeadline = deadlineText;
  }
  const multicallText = (str("VITE_RPC_MULTICALL") ?? "on").toLowerCase();
  if (multicallText !== "on" && multicallText !== "off") {
    throw new EnvError(`VITE_RPC_MULTICALL="${multicallText}" must be on or off`);
  }
  const multicall = multicallText === "on";
  const logRangeText = str("VITE_LOG_RANGE");
  if (logRangeText !== undefined && !/^[1-9]\d*$/.test(logRangeText)) {
    throw new EnvError(`VITE_LOG_RANGE="${logRangeText}" must be a whole number of blocks, at least 1`);
  }
  const logRange = logRangeText === undefined ? undefined : BigInt(logRangeText);
  const indexerUrl = httpUrl("VITE_INDEXER_URL")?.replace(/\/+$/, "");
  const watchUrl = httpUrl("VITE_WATCH_URL");
  const explorerUrl = httpUrl("VITE_EXPLORER_URL")?.replace(/\/+$/, "");
  const walletConnectProjectId = str("VITE_WALLETCONNECT_PROJECT_ID");
  if (walletConnectProjectId !== undefined && !/^[0-9a-f]{32}$/i.test(walletConnectProjectId)) {
    throw new EnvError(
      `VITE_WALLETCONNECT_PROJECT_ID="${walletConnectProjectId}" is not a project id (32 hexadecimal characters)`,
    );
  }
  return {
    chainId,
    rpcUrl,
    managerAddresses,
    apiBase,
    idoProofDeadline,
    multicall,
    logRange,
    walletConnectProjectId,
    indexerUrl,
    watchUrl,
    explorerUrl,
  };
}

export const env: AppEnv = parseEnv(import.meta.env);

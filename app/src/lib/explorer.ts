import type { Address, Hash } from "viem";
import { env } from "./env";

/**
 * Where a chain's transactions and addresses can be opened, and where a member reviews and revokes the
 * approvals an address gave: BscScan on BSC and its testnet (its token approval checker); none on the
 * local chain unless `VITE_EXPLORER_URL` names one (then without an approval checker).
 */
export type Explorer = { url: string; approvals?: string };

const EXPLORERS: Record<number, Explorer> = {
  56: { url: "https://bscscan.com", approvals: "https://bscscan.com/tokenapprovalchecker" },
  97: { url: "https://testnet.bscscan.com", approvals: "https://testnet.bscscan.com/tokenapprovalchecker" },
};

/** The chain's explorer; `configured` (VITE_EXPLORER_URL) replaces its address. */
export function explorerFor(chainId: number, configured?: string): Explorer | undefined {
  const known = EXPLORERS[chainId];
  if (!configured) return known;
  return { ...known, url: configured };
}

/** The app chain's explorer (VITE_CHAIN_ID, VITE_EXPLORER_URL). */
export const appExplorer = (): Explorer | undefined => explorerFor(env.chainId, env.explorerUrl);

/** A transaction's page, on `chainId`'s explorer (the configured one on the app chain). */
export function explorerTxUrl(chainId: number, hash: Hash): string | undefined {
  const explorer = chainId === env.chainId ? appExplorer() : explorerFor(chainId);
  return explorer && `${explorer.url}/tx/${hash}`;
}

/** An address's (or contract's) page on the app chain's explorer. */
export function explorerAddressUrl(address: Address): string | undefined {
  const explorer = appExplorer();
  return explorer && `${explorer.url}/address/${address}`;
}

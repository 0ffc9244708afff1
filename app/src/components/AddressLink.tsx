import type { Address, Hash } from "viem";
import { explorerAddressUrl, explorerTxUrl } from "../lib/explorer";
import { env } from "../lib/env";
import { type AddressWidth, formatAddress } from "../lib/format";

type Width = AddressWidth | "full";
const shown = (value: string, width: Width) => (width === "full" ? value : formatAddress(value, width));

/** An explorer link, or the text alone where the chain has no explorer; the full value in `title`. */
function ExplorerText({ url, value, width }: { url: string | undefined; value: string; width: Width }) {
  const className = width === "full" ? "address-full" : undefined;
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer" title={value} className={className}>
      {shown(value, width)}
    </a>
  ) : (
    <code title={value} className={className}>
      {shown(value, width)}
    </code>
  );
}

/**
 * An address or contract as members see it: abbreviated (`width`, the shell's 5+4 by default, or
 * "full"), linked to its page on the app chain's explorer. Every address a page shows goes through here.
 */
export function AddressLink({ address, width = "shell" }: { address: Address | string; width?: Width }) {
  return <ExplorerText url={explorerAddressUrl(address as Address)} value={address} width={width} />;
}

/** A transaction hash, linked to its page on the explorer of `chainId` (the app chain by default). */
export function TxLink({
  hash,
  chainId = env.chainId,
  width = "compact",
}: {
  hash: Hash;
  chainId?: number;
  width?: Width;
}) {
  return <ExplorerText url={explorerTxUrl(chainId, hash)} value={hash} width={width} />;
}

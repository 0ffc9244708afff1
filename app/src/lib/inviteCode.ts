import { type Address, getAddress, isAddress } from "viem";

/**
 * Reads the invitation link's `code` query parameter (`?code=<address>`).
 * Returns the checksummed address, or undefined when absent or not an address (the stored code is kept then).
 */
export function inviteCodeFromSearch(search: string): Address | undefined {
  const code = new URLSearchParams(search).get("code")?.trim();
  return code && isAddress(code, { strict: false }) ? getAddress(code) : undefined;
}

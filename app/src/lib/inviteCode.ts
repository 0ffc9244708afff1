import { type Address, getAddress, isAddress, zeroAddress } from "viem";

/**
 * Reads the invitation link's `code` query parameter (`?code=<address>`).
 * Returns the checksummed address, or undefined when absent or not an address (the stored code is kept then).
 */
export function inviteCodeFromSearch(search: string): Address | undefined {
  const code = new URLSearchParams(search).get("code")?.trim();
  return code && isAddress(code, { strict: false }) ? getAddress(code) : undefined;
}

/** A stored/queried invite code as a checksummed address, or the zero address. */
export function toInviteCode(value: string | null | undefined): Address {
  const v = value?.trim();
  return v && isAddress(v, { strict: false }) ? getAddress(v) : zeroAddress;
}

/** The invitation link of `account`: the site root with `?code=<address>` (read by the shell on load). */
export function inviteLink(origin: string, account: string): string {
  return `${origin.replace(/\/+$/, "")}/?code=${account}`;
}

/** Blocks the chain-log fallback of the "not staked yet" list reads, and the hours they span. */
export type LogCoverage = { blocks: bigint; hours: number };

/**
 * What the registrations read from the chain's logs cover on a chain whose RPC caps `eth_getLogs`
 * (`range` blocks a request, `blockSeconds` a block): the newest `requests` windows. Undefined where
 * nothing caps the range (the local chain): every block since the registry's deploy.
 */
export function registrationCoverage(
  range: bigint | undefined,
  blockSeconds: number | undefined,
  requests: number,
): LogCoverage | undefined {
  if (range === undefined || blockSeconds === undefined) return undefined;
  const blocks = range * BigInt(requests);
  return { blocks, hours: Math.floor((Number(blocks) * blockSeconds) / 3_600) };
}

/** The first block of the newest `blocks` blocks up to `latest`, never before `floor` (the deploy block). */
export function coveredFromBlock(latest: bigint, blocks: bigint, floor: bigint): bigint {
  const from = latest - blocks + 1n;
  return from > floor ? from : floor;
}

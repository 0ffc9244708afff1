/**
 * Best guess of the chain's current time: the local clock, or the last block's timestamp plus the
 * seconds elapsed since it was read when the chain runs ahead of the local clock (a local chain after
 * time travel). A chain behind the clock (an idle local chain) mines its next block at local time.
 */
export function chainNow(
  localNow: number,
  blockTime: number | undefined,
  readAt: number | undefined,
): number {
  if (blockTime === undefined || readAt === undefined) return localNow;
  return Math.max(localNow, blockTime + Math.max(0, localNow - readAt));
}

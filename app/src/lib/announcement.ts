import type { Address } from "viem";

/**
 * A change a contract announced (Staking's and LpSwap's `announce`): an upgrade to `implementation` and/or an
 * ownership transfer to `newOwner` (undefined: none), made at `announcedAt`, which may land from `readyAt`
 * (`announcedAt + EXIT_WINDOW`). Until it lands, members may close early what they have locked.
 */
export type Announcement = {
  implementation: Address | undefined;
  newOwner: Address | undefined;
  announcedAt: bigint;
  readyAt: bigint;
};

const ZERO_ADDRESS = /^0x0{40}$/i;

/**
 * The announcement `announcement()` answers, dated with `EXIT_WINDOW()`: undefined when nothing is announced
 * (readyAt 0) or either is not read yet.
 */
export function announcementOf(
  read: readonly [implementation: Address, newOwner: Address, readyAt: bigint] | undefined,
  exitWindow: bigint | undefined,
): Announcement | undefined {
  if (!read || exitWindow === undefined) return undefined;
  const [implementation, newOwner, readyAt] = read;
  if (readyAt === 0n) return undefined;
  return {
    implementation: ZERO_ADDRESS.test(implementation) ? undefined : implementation,
    newOwner: ZERO_ADDRESS.test(newOwner) ? undefined : newOwner,
    announcedAt: readyAt - exitWindow,
    readyAt,
  };
}

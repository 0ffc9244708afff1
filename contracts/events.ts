/**
 * Events that record an administrative change (by name), as opposed to members' activity: the
 * contracts name every admin setter's event this way (Staking's `ChangeAnnounced`: an upgrade or ownership
 * transfer announced), and the timelock's scheduled, executed and cancelled
 * operations, delay and role changes are admin events too. The app's audit log and the indexer both use it.
 */
const ADMIN_EVENT =
  /(Updated|Set|Granted|Revoked|Transferred|TransferStarted|Upgraded|Announced|Withdrawn|SentToWallet|CallScheduled|CallExecuted|Cancelled|MinDelayChange)$/;

/** Named like admin events, but any member's call emits them: a dividend's pool and a holder's share. */
const MEMBER_EVENTS = new Set(["PoolUpdated", "ShareUpdated"]);

export function isAdminEvent(name: string): boolean {
  return ADMIN_EVENT.test(name) && !MEMBER_EVENTS.has(name);
}

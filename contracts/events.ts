/**
 * Events that record an administrative change (by name), as opposed to members' activity: the
 * contracts name every admin setter's event this way. The app's audit log and the indexer both use it.
 */
const ADMIN_EVENT =
  /(Updated|Set|Granted|Revoked|Transferred|TransferStarted|Upgraded|Withdrawn|SentToWallet)$/;

export function isAdminEvent(name: string): boolean {
  return ADMIN_EVENT.test(name);
}

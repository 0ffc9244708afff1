/** The invitation link of `account`: the site root with `?code=<address>` (read by the shell on load). */
export function inviteLink(origin: string, account: string): string {
  return `${origin.replace(/\/+$/, "")}/?code=${account}`;
}

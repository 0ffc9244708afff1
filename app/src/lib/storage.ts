/** localStorage, where the app keeps what outlives a page load; a browser without it keeps nothing. */

/** localStorage keys: a fixed interface, never renamed, so what a member stored stays readable. */
export const STORAGE_KEYS = {
  loginToken: "loginToken",
  lang: "lang",
  inviteCode: "inviteCode",
  showMenu: "showMenu",
  /** "true": approvals are for the amount spent instead of unlimited (the wallet panel's setting) */
  exactApprovals: "exactApprovals",
} as const;

function storage(): Storage | undefined {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined; // e.g. storage disabled
  }
}

export function readStored(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) storage()?.removeItem(key);
    else storage()?.setItem(key, value);
  } catch {
    // storage full or disabled: the in-memory state still works
  }
}

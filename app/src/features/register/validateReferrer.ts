import { type Address, getAddress, isAddress, isAddressEqual, zeroAddress } from "viem";
import type { AppMessage } from "../../i18n/keys";
import { parseError } from "../../lib/errors";
import type { PresaleUser } from "./chain";

export type ReferrerCheck = { ok: true; referrer: Address } | { ok: false; message: AppMessage };

/**
 * The registration form's rules, in order: a referrer is required (the invitation
 * link), must be an address, must not be yourself, must be registered, and must not be your own
 * direct referral.
 */
export async function validateReferrer(
  input: string,
  account: Address,
  readUser: (account: Address) => Promise<PresaleUser>,
): Promise<ReferrerCheck> {
  const text = input.trim();
  if (text === "" || (isAddress(text, { strict: false }) && isAddressEqual(text, zeroAddress))) {
    return { ok: false, message: { key: "register.missingReferrer" } };
  }
  if (!isAddress(text, { strict: false })) return { ok: false, message: { key: "register.invalidAddress" } };
  const referrer = getAddress(text);
  if (isAddressEqual(referrer, account)) return { ok: false, message: { key: "register.selfReferral" } };

  let user: PresaleUser;
  try {
    user = await readUser(referrer);
  } catch (err) {
    console.error("reading the referrer failed", err);
    return { ok: false, message: parseError(err) };
  }
  if (user.index === 0n) return { ok: false, message: { key: "register.notRegistered" } };
  if (isAddressEqual(user.refer, account)) return { ok: false, message: { key: "register.ownReferral" } };
  return { ok: true, referrer };
}

/** `register` (body: username, recommend; signed in): makes the signed-in address a member. */
import { zeroAddress, type Address } from "viem";
import * as members from "../../data/members.ts";
import { iso, reject } from "../../lib/api.ts";
import { defineInvestRoute } from "./route.ts";

/**
 * Characters a username may not hold: Unicode format characters (Cf: bidi overrides such as U+202E,
 * zero-width joiners, ...) can make a name read as another, and `<`, `>` are markup.
 */
const USERNAME_FORBIDDEN = /[\p{Cf}<>]/u;

export default defineInvestRoute({
  name: "register",
  auth: true,
  // Its insert updates up to 1,000 uplines' totals under their row locks (DEFAULT_REGISTRATION_BULKHEAD).
  bulkhead: "registration",
  async handler({ body, db, session, request }) {
    const me = session!.address.toLowerCase() as Address;
    const recommend = body.recommend.toLowerCase() as Address;
    const username = body.username.trim();
    if (username === "") throw reject("invalidParameter", { field: "username" });
    if (USERNAME_FORBIDDEN.test(username)) throw reject("usernameCharacters");
    if (await members.find(db, me)) throw reject("alreadyRegistered");
    if (recommend === me) throw reject("recommendIsSelf");
    let referrer: Address | null = recommend;
    if (recommend === zeroAddress) {
      // The zero address (the default invite code) is only accepted for the very first member; the
      // unique index `members_one_root_idx` refuses a second one even when both check at once.
      if (await members.hasAny(db)) throw reject("recommendNotRegistered");
      referrer = null;
    } else {
      const upline = await members.find(db, recommend);
      if (!upline) throw reject("recommendNotRegistered");
      if (upline.recommend === me) throw reject("recommendIsYourReferral");
    }
    const row = await members.insert(db, { address: me, username, recommend: referrer });
    if (!row)
      throw reject(
        referrer === null && !(await members.find(db, me)) ? "recommendNotRegistered" : "alreadyRegistered",
      );
    request.server.memberCache.invalidate(me);
    return { id: row.id, address: me, username, recommend: referrer, createdAt: iso(row.createdAt) };
  },
});

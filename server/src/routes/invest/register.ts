/** `register` (body: username, recommend; signed in): makes the signed-in address a member. */
import { zeroAddress, type Address } from "viem";
import { reject } from "../../lib/api.ts";
import { findMember, iso } from "../../lib/members.ts";
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
    if (await findMember(db, me)) throw reject("alreadyRegistered");
    if (recommend === me) throw reject("recommendIsSelf");
    let referrer: Address | null = recommend;
    if (recommend === zeroAddress) {
      // The zero address (the default invite code) is only accepted for the very first member; the
      // unique index `members_one_root_idx` refuses a second one even when both check at once.
      const { rows } = await db.query<{ any: boolean }>("SELECT EXISTS (SELECT 1 FROM members) AS any");
      if (rows[0]?.any) throw reject("recommendNotRegistered");
      referrer = null;
    } else {
      const upline = await findMember(db, recommend);
      if (!upline) throw reject("recommendNotRegistered");
      if (upline.recommend === me) throw reject("recommendIsYourReferral");
    }
    const { rows } = await db.query<{ id: number; created_at: Date | string }>(
      `INSERT INTO members (address, username, recommend) VALUES ($1, $2, $3)
       ON CONFLICT DO NOTHING RETURNING id, created_at`,
      [me, username, referrer],
    );
    const row = rows[0];
    if (!row)
      throw reject(
        referrer === null && !(await findMember(db, me)) ? "recommendNotRegistered" : "alreadyRegistered",
      );
    request.server.memberCache.invalidate(me);
    return { id: Number(row.id), address: me, username, recommend: referrer, createdAt: iso(row.created_at) };
  },
});

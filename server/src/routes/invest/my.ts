/** `my` (no body; signed in): the member's profile, power, node and balances. */
import type { RouteData } from "@taichi/api";
import * as members from "../../data/members.ts";
import type { Db } from "../../db/index.ts";
import { type ContentLang, contentLang } from "../../i18n/messages.ts";
import { iso, reject } from "../../lib/api.ts";
import { defineInvestRoute } from "./route.ts";

export type MyData = RouteData<"my">;

async function loadMy(db: Db, address: string, lang: ContentLang): Promise<MyData> {
  const me = await members.profile(db, address, lang);
  if (!me) throw reject("notRegistered");
  return {
    userId: Number(me.id),
    address: me.address,
    username: me.username,
    recommend: me.recommend,
    power: Number(me.power),
    node:
      me.level_id === null
        ? null
        : { levelId: Number(me.level_id), name: me.node_name ?? "", bonusBps: Number(me.bonus_bps) },
    balances: { usdt: me.usdt, arb: me.arb },
    createdAt: iso(me.created_at),
  };
}

export default defineInvestRoute({
  name: "my",
  auth: true,
  handler({ db, lang, session, request }) {
    // Read through the per-member cache (app.ts `memberCache`; writes invalidate it once committed), one
    // answer per database language (`contentLang`: the node's name), which languages reading the same texts share.
    const address = session!.address.toLowerCase();
    const content = contentLang(lang);
    return request.server.memberCache.get(address, content, () => loadMy(db, address, content));
  },
});

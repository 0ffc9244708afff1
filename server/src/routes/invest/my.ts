/** `my` (no body; signed in): the member's profile, power, node and balances. */
import type { RouteData } from "@taichi/api";
import type { Address } from "viem";
import type { Db } from "../../db/index.ts";
import type { Lang } from "../../i18n/messages.ts";
import { reject } from "../../lib/api.ts";
import { balanceSql, iso, powerSql } from "../../lib/members.ts";
import { defineInvestRoute } from "./route.ts";

export type MyData = RouteData<"my">;

type MyRow = {
  id: number;
  address: Address;
  username: string | null;
  recommend: Address | null;
  created_at: Date | string;
  power: number;
  level_id: number | null;
  node_name: string | null;
  bonus_bps: number | null;
  usdt: string;
  arb: string;
};

async function loadMy(db: Db, address: string, lang: Lang): Promise<MyData> {
  // One statement (member, node, power, balances): each query costs a round trip to the database.
  const { rows } = await db.query<MyRow>(
    `SELECT m.id, m.address, m.username, m.recommend, m.created_at,
            ${powerSql("m.address")} AS power,
            n.level_id, CASE WHEN $2::text = 'en' THEN l.name_en ELSE l.name_zh END AS node_name, l.bonus_bps,
            ${balanceSql("m.address", "'usdt'")} AS usdt, ${balanceSql("m.address", "'arb'")} AS arb
       FROM members m
       LEFT JOIN member_nodes n ON n.address = m.address
       LEFT JOIN node_levels l ON l.id = n.level_id
      WHERE m.address = $1`,
    [address, lang],
  );
  const me = rows[0];
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
    // Read through the per-member cache (app.ts `memberCache`; writes invalidate it once committed).
    const address = session!.address.toLowerCase();
    return request.server.memberCache.get(address, lang, () => loadMy(db, address, lang));
  },
});

/** `my` (no body; signed in): the member's profile, power, node and balances. */
import { balanceOf, iso, powerOf, requireMember } from "../../lib/members.ts";
import { defineInvestRoute } from "./route.ts";

export type MyData = {
  userId: number;
  address: string;
  username: string | null;
  recommend: string | null;
  power: number;
  node: { levelId: number; name: string; bonusBps: number } | null;
  /** Base units (18 decimals) per credit type. */
  balances: { usdt: string; arb: string };
  createdAt: string;
};

export default defineInvestRoute<undefined, MyData>({
  name: "my",
  auth: true,
  async handler({ db, lang, session }) {
    const me = await requireMember(db, session!.address);
    const { rows } = await db.query<{ level_id: number; name: string; bonus_bps: number }>(
      `SELECT n.level_id, CASE WHEN $2::text = 'en' THEN l.name_en ELSE l.name_zh END AS name, l.bonus_bps
         FROM member_nodes n JOIN node_levels l ON l.id = n.level_id WHERE n.address = $1`,
      [me.address, lang],
    );
    const node = rows[0];
    return {
      userId: Number(me.id),
      address: me.address,
      username: me.username,
      recommend: me.recommend,
      power: await powerOf(db, me.address),
      node: node
        ? { levelId: Number(node.level_id), name: node.name, bonusBps: Number(node.bonus_bps) }
        : null,
      balances: {
        usdt: (await balanceOf(db, me.address, "usdt")).toString(),
        arb: (await balanceOf(db, me.address, "arb")).toString(),
      },
      createdAt: iso(me.created_at),
    };
  },
});

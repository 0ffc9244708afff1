/** `buyNode` (body: id, hash; signed in): books a node paid by the USDT transfer `hash`. */
import { reject } from "../../lib/api.ts";
import { bookPayment, checkPayment } from "../../lib/members.ts";
import { nodeQuote } from "./purchase.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "buyNode",
  auth: true,
  async handler({ body, db, lang, session, request }) {
    const address = session!.address.toLowerCase();
    const { node, amount } = await nodeQuote(db, lang, address, body.id);
    await checkPayment(db, request.server, { hash: body.hash, from: address, amount });
    await db.transaction(async (tx) => {
      await bookPayment(tx, { hash: body.hash, address, purpose: "node", amount });
      // Atomic seat count: never more sold than seats, even under concurrent purchases.
      const seat = await tx.query(
        "UPDATE node_levels SET sold = sold + 1 WHERE id = $1 AND sold < seats RETURNING id",
        [node.id],
      );
      if (seat.rows.length === 0) throw reject("nodeSoldOut");
      const held = await tx.query(
        `INSERT INTO member_nodes (address, level_id, paid, tx_hash) VALUES ($1, $2, $3::numeric, $4)
         ON CONFLICT (address) DO NOTHING RETURNING address`,
        [address, node.id, amount.toString(), body.hash.toLowerCase()],
      );
      if (held.rows.length === 0) throw reject("nodeAlreadyOwned");
    });
    request.server.memberCache.invalidate(address);
    request.log.info({ address, levelId: node.id, hash: body.hash.toLowerCase() }, "node bought");
    return { levelId: node.id, paid: amount.toString(), bonusBps: node.bonusBps };
  },
});

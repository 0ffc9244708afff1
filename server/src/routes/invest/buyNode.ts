/** `buyNode` (body: id, hash; signed in): books a node paid by the USDT transfer `hash`. */
import { reject } from "../../lib/api.ts";
import * as nodes from "../../data/nodes.ts";
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
      if (!(await nodes.takeSeat(tx, node.id))) throw reject("nodeSoldOut");
      const held = await nodes.insertHolder(tx, { address, levelId: node.id, paid: amount, hash: body.hash });
      if (!held) throw reject("nodeAlreadyOwned");
    });
    request.server.memberCache.invalidate(address);
    request.log.info({ address, levelId: node.id, hash: body.hash.toLowerCase() }, "node bought");
    return { levelId: node.id, paid: amount.toString(), bonusBps: node.bonusBps };
  },
});

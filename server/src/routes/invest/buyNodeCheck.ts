/** `buyNodeCheck` (body: id = node level; signed in): whether the node may be bought, and what to pay. */
import { nodeQuote, payTo } from "./purchase.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "buyNodeCheck",
  auth: true,
  async handler({ body, db, lang, session, request }) {
    const quote = await nodeQuote(db, lang, session!.address, body.id);
    return { levelId: body.id, ...(await payTo(request.server, quote.amount)) };
  },
});

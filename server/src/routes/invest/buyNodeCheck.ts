/** `buyNodeCheck` (body: id = node level; signed in): whether the node may be bought, and what to pay. */
import { nodeQuote, payTo, type PayTo } from "./purchase.ts";
import { defineInvestRoute } from "./route.ts";
import { idSchema } from "./schemas.ts";

export type BuyNodeCheckData = PayTo & { levelId: number };

export default defineInvestRoute<{ id: number }, BuyNodeCheckData>({
  name: "buyNodeCheck",
  auth: true,
  body: { type: "object", required: ["id"], additionalProperties: false, properties: { id: idSchema } },
  async handler({ body, db, lang, session, request }) {
    const quote = await nodeQuote(db, lang, session!.address, body.id);
    return { levelId: body.id, ...(await payTo(request.server, quote.amount)) };
  },
});

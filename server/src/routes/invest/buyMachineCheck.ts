/** `buyMachineCheck` (body: id = machine type, num; signed in): whether the purchase may go ahead, and what to pay. */
import { machineQuote, payTo } from "./purchase.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "buyMachineCheck",
  auth: true,
  async handler({ body, db, lang, session, request }) {
    const quote = await machineQuote(db, lang, session!.address, body.id, body.num);
    return {
      typeId: body.id,
      num: body.num,
      power: quote.power,
      ...(await payTo(request.server, quote.amount)),
    };
  },
});

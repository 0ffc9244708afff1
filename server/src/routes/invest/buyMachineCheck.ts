/** `buyMachineCheck` (body: id = machine type, num; signed in): whether the purchase may go ahead, and what to pay. */
import { machineQuote, payTo, type PayTo } from "./purchase.ts";
import { defineInvestRoute } from "./route.ts";
import { idSchema, quantitySchema } from "./schemas.ts";

export type BuyMachineCheckData = PayTo & { typeId: number; num: number; power: number };

export default defineInvestRoute<{ id: number; num: number }, BuyMachineCheckData>({
  name: "buyMachineCheck",
  auth: true,
  body: {
    type: "object",
    required: ["id", "num"],
    additionalProperties: false,
    properties: { id: idSchema, num: quantitySchema },
  },
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

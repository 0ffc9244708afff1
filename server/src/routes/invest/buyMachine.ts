/** `buyMachine` (body: id, num, hash; signed in): books machines paid by the USDT transfer `hash`. */
import * as machines from "../../data/machines.ts";
import { bookPayment, checkPayment } from "../../lib/members.ts";
import { machineQuote } from "./purchase.ts";
import { defineInvestRoute } from "./route.ts";

export default defineInvestRoute({
  name: "buyMachine",
  auth: true,
  async handler({ body, db, lang, session, request }) {
    const address = session!.address.toLowerCase();
    const { machine, amount, power } = await machineQuote(db, lang, address, body.id, body.num);
    await checkPayment(db, request.server, { hash: body.hash, from: address, amount });
    const bought = await db.transaction(async (tx) => {
      await bookPayment(tx, { hash: body.hash, address, purpose: "machine", amount });
      return machines.insert(tx, {
        address,
        typeId: machine.id,
        num: body.num,
        power,
        paid: amount,
        hash: body.hash,
        durationDays: machine.durationDays,
      });
    });
    request.server.memberCache.invalidate(address);
    request.log.info({ address, machineId: bought.id, hash: body.hash.toLowerCase() }, "machine bought");
    return {
      machineId: bought.id,
      typeId: machine.id,
      num: body.num,
      power,
      paid: amount.toString(),
      startDay: bought.startDay,
      endDay: bought.endDay,
    };
  },
});

/** `buyMachine` (body: id, num, hash; signed in): books machines paid by the USDT transfer `hash`. */
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
    const row = await db.transaction(async (tx) => {
      await bookPayment(tx, { hash: body.hash, address, purpose: "machine", amount });
      const { rows } = await tx.query<{ id: number; start_day: string; end_day: string }>(
        `INSERT INTO member_machines (address, type_id, num, power, paid, tx_hash, start_day, end_day)
         VALUES ($1, $2, $3, $4, $5::numeric, $6, (now() AT TIME ZONE 'UTC')::date + 1,
                 (now() AT TIME ZONE 'UTC')::date + 1 + $7::int)
         RETURNING id, start_day::text AS start_day, end_day::text AS end_day`,
        [
          address,
          machine.id,
          body.num,
          power,
          amount.toString(),
          body.hash.toLowerCase(),
          machine.durationDays,
        ],
      );
      return rows[0]!;
    });
    request.server.memberCache.invalidate(address);
    request.log.info({ address, machineId: row.id, hash: body.hash.toLowerCase() }, "machine bought");
    return {
      machineId: Number(row.id),
      typeId: machine.id,
      num: body.num,
      power,
      paid: amount.toString(),
      startDay: row.start_day,
      endDay: row.end_day,
    };
  },
});

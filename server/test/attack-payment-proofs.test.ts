/**
 * Payment proofs (the attacker's pass beside OWASP API6: a forged proof is a business-flow bypass).
 * The attacker claims machines with a transaction that does not pay: someone else's hash, one hash
 * twice at once, too little, and a transfer from the treasury to itself by whoever holds its key.
 * Gets: no machine, no power, no referral credit for anyone.
 */
import { describe, expect, it } from "vitest";
import { settleDay, utcToday } from "../src/jobs/settlement.ts";
import { units } from "../src/lib/money.ts";
import { ATTACKER, ATTACKER_KEY, attackSuite, TREASURY, VICTIM, VICTIM_KEY } from "./attack.ts";
import { DEV_KEYS, signInAs } from "./helpers.ts";

const bench = attackSuite();

async function machines(): Promise<number> {
  const { rows } = await bench.db.query<{ n: number }>("SELECT count(*)::int AS n FROM member_machines");
  return Number(rows[0]!.n);
}

describe("payment proofs: only a real payment by the member buys anything", () => {
  it("the treasury's key holder registers and 'pays' the treasury from the treasury: refused", async () => {
    await bench.member(VICTIM_KEY);
    const insider = await signInAs(bench.app, DEV_KEYS[0]);
    expect(await bench.call("register", insider, { username: "insider", recommend: VICTIM })).toMatchObject({
      code: 0,
    });
    // A real transfer treasury -> treasury: the fake chain verifies it like any other.
    const selfPayment = bench.chain.pay(TREASURY, units("100"));
    for (const lang of ["en", "zh-cn"] as const) {
      expect(await bench.call("buyMachine", insider, { id: "1", num: "1", hash: selfPayment }, lang)).toEqual(
        {
          code: 4800,
          msg: lang === "en" ? "The treasury cannot pay for a member" : "金库地址不能为会员付款",
          data: null,
        },
      );
    }
    expect(
      await bench.call("buyNode", insider, { id: "1", hash: bench.chain.pay(TREASURY, units("1000")) }),
    ).toMatchObject({
      msg: "The treasury cannot pay for a member",
    });
    expect(await machines()).toBe(0);
    // And no referral share for the insider's upline at settlement.
    await settleDay(bench.db, utcToday());
    const { rows } = await bench.db.query("SELECT count(*)::int AS n FROM ledger WHERE kind = 'referral'");
    expect(rows).toEqual([{ n: 0 }]);
  });

  it("someone else's payment, too little, or one hash sent twice at once buys at most once", async () => {
    await bench.member(VICTIM_KEY);
    const attacker = await bench.member(ATTACKER_KEY, VICTIM);
    const victims = bench.chain.pay(VICTIM, units("100"));
    expect(await bench.call("buyMachine", attacker, { id: "1", num: "1", hash: victims })).toMatchObject({
      msg: "Payment not accepted: no matching USDT transfer to the treasury",
    });
    const short = bench.chain.pay(ATTACKER, units("99"));
    expect(await bench.call("buyMachine", attacker, { id: "1", num: "1", hash: short })).toMatchObject({
      code: 4800,
    });
    const paid = bench.chain.pay(ATTACKER, units("100"));
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => bench.call("buyMachine", attacker, { id: "1", num: "1", hash: paid })),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
    expect(await machines()).toBe(1);
    const { rows } = await bench.db.query("SELECT address FROM member_machines");
    expect(rows).toEqual([{ address: ATTACKER }]);
  });
});

/**
 * OWASP API1:2023 Broken Object Level Authorization. Signed in as themself, the attacker names the
 * victim's objects: the victim's address or id in bodies, the victim's withdrawal, the victim's team.
 * Gets: only their own data; every route that takes an object checks it belongs to them (the victim has a
 * machine and a withdrawal, so each check has something to leak).
 */
import { describe, expect, it } from "vitest";
import { units } from "../src/lib/money.ts";
import { ATTACKER, ATTACKER_KEY, attackSuite, OPERATOR_KEY, VICTIM, VICTIM_KEY } from "./attack.ts";
import { credit, signInAs } from "./helpers.ts";

const bench = attackSuite();

describe("API1 broken object level authorization: the attacker reads and moves only their own objects", () => {
  it("gets their own profile, wallet and logs whatever address or id the body names", async () => {
    const victim = await bench.member(VICTIM_KEY);
    const attacker = await bench.member(ATTACKER_KEY, VICTIM);
    await credit(bench.db, VICTIM, "usdt", units("500"), "seed:victim");
    const paid = bench.chain.pay(VICTIM, units("100"));
    expect(await bench.call("buyMachine", victim, { id: "1", num: "1", hash: paid })).toMatchObject({
      code: 0,
    });
    const victimId = (await bench.call("my", victim)).data.userId;
    const smuggled = { address: VICTIM, userId: String(victimId), id: String(victimId), user: VICTIM };
    const my = await bench.call("my", attacker, smuggled);
    expect(my.data).toMatchObject({ address: ATTACKER, balances: { usdt: "0", arb: "0" } });
    const wallet = await bench.call("walletList", attacker, { ...smuggled, credit_type: "usdt" });
    expect(wallet.data).toMatchObject({ balance: "0", total: 0, list: [] });
    await credit(bench.db, ATTACKER, "usdt", units("30"), "seed:attacker");
    const check = { ...smuggled, num: "20", credit_type: "usdt" };
    expect((await bench.call("withdrawCheck", victim, check)).data).toMatchObject({
      balance: units("500").toString(),
    });
    expect((await bench.call("withdrawCheck", attacker, check)).data).toMatchObject({
      balance: units("30").toString(),
    });
    for (const name of ["buyMachineLog", "powerLog"]) {
      // the victim's machine is in the victim's own log, and in no one else's whatever they name
      expect((await bench.call(name, victim)).data.list, name).toHaveLength(1);
      expect((await bench.call(name, attacker, smuggled)).data.list, name).toEqual([]);
    }
    expect((await bench.call("teamInfo", attacker, smuggled)).data).toMatchObject({ teamCount: 0 });
  });

  it("cannot list the team of their own upline or of a stranger", async () => {
    const victim = await bench.member(VICTIM_KEY);
    const attacker = await bench.member(ATTACKER_KEY, VICTIM);
    const victimId = (await bench.call("my", victim)).data.userId;
    expect(await bench.call("recommendList", attacker, { userId: String(victimId) })).toEqual({
      code: 4800,
      msg: "This member is not in your team",
      data: null,
    });
  });

  it("cannot read, approve, reject or pay the victim's withdrawal", async () => {
    const victim = await bench.member(VICTIM_KEY);
    const attacker = await bench.member(ATTACKER_KEY, VICTIM);
    await credit(bench.db, VICTIM, "usdt", units("50"), "seed:victim");
    const fee = bench.chain.pay(VICTIM, units("1"));
    const request = await bench.call("withdraw", victim, { num: "20", credit_type: "usdt", hash: fee });
    expect(request).toMatchObject({ code: 0 });
    const id = String(request.data.id);
    const refused = { code: 4800, msg: "Operators only" };
    expect(await bench.call("admin/withdrawalApprove", attacker, { id }), "approve").toMatchObject(refused);
    const operator = await signInAs(bench.app, OPERATOR_KEY);
    expect(await bench.call("admin/withdrawalApprove", operator, { id })).toMatchObject({ code: 0 });
    // approved, so a payout that really reached the victim would be taken from an operator
    const payout = bench.chain.payOut(VICTIM, units("20"));
    for (const name of ["admin/withdrawalDetail", "admin/withdrawalReject", "admin/withdrawalPay"]) {
      expect(await bench.call(name, attacker, { id, reason: "mine", hash: payout }), name).toMatchObject(
        refused,
      );
    }
    const { rows } = await bench.db.query("SELECT status FROM withdrawals WHERE id = $1", [id]);
    expect(rows).toEqual([{ status: "approved" }]);
    // refused for who they are, not for the withdrawal's state: the operator's same call pays it
    expect(await bench.call("admin/withdrawalPay", operator, { id, hash: payout })).toMatchObject({
      code: 0,
      data: { status: "paid" },
    });
  });
});

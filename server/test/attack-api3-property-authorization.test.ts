/**
 * OWASP API3:2023 Broken Object Property Level Authorization (mass assignment). The attacker adds
 * fields the server computes itself: ids, addresses, balances, power, prices, fees, statuses.
 * Gets: the fields ignored; what is stored and answered is what the server decided.
 */
import { describe, expect, it } from "vitest";
import { units } from "../src/lib/money.ts";
import { ATTACKER, ATTACKER_KEY, attackSuite, ledgerState, VICTIM, VICTIM_KEY } from "./attack.ts";
import { credit, signInAs } from "./helpers.ts";

const bench = attackSuite();

describe("API3 mass assignment: fields the server owns cannot be sent", () => {
  it("registers as themself under the named referrer, whatever id, address or date they add", async () => {
    await bench.member(VICTIM_KEY);
    const token = await signInAs(bench.app, ATTACKER_KEY);
    const answer = await bench.call("register", token, {
      username: "eve",
      recommend: VICTIM,
      id: "1",
      address: VICTIM,
      created_at: "2000-01-01",
      createdAt: "2000-01-01",
      balance: "1000000",
    });
    expect(answer).toMatchObject({ code: 0, data: { id: 2, address: ATTACKER, recommend: VICTIM } });
    expect(answer.data.createdAt.startsWith("2000")).toBe(false);
    const { rows } = await bench.db.query("SELECT id, address FROM members ORDER BY id");
    expect(rows).toEqual([
      { id: 1, address: VICTIM },
      { id: 2, address: ATTACKER },
    ]);
  });

  it("pays the catalogue price and gets the catalogue power, not what they send", async () => {
    await bench.member(VICTIM_KEY);
    const token = await bench.member(ATTACKER_KEY, VICTIM);
    const cheap = bench.chain.pay(ATTACKER, 1n);
    const bought = await bench.call("buyMachine", token, {
      id: "1",
      num: "1",
      hash: cheap,
      price: "1",
      amount: "1",
      power: "999999",
      paid: "1",
    });
    expect(bought).toMatchObject({ code: 4800, msg: expect.stringContaining("Payment not accepted") });
    const full = bench.chain.pay(ATTACKER, units("100"));
    const ok = await bench.call("buyMachine", token, { id: "1", num: "1", hash: full, power: "999999" });
    expect(ok).toMatchObject({ code: 0, data: { power: 100, paid: units("100").toString() } });
  });

  it("withdraws with the fixed fee and a pending status, whatever fee or status they send", async () => {
    await bench.member(VICTIM_KEY);
    const token = await bench.member(ATTACKER_KEY, VICTIM);
    await credit(bench.db, ATTACKER, "usdt", units("30"), "seed:attacker");
    const answer = await bench.call("withdraw", token, {
      num: "20",
      credit_type: "usdt",
      hash: bench.chain.pay(ATTACKER, units("1")),
      fee: "0",
      status: "paid",
      amount: "1",
    });
    expect(answer).toMatchObject({
      code: 0,
      data: { amount: units("20").toString(), fee: units("1").toString(), status: "pending" },
    });
    expect(await ledgerState(bench.db, ATTACKER, "usdt")).toEqual({
      ledger: units("10"),
      balance: units("10"),
    });
  });
});

/**
 * OWASP API5:2023 Broken Function Level Authorization. A member, an anonymous client and a second
 * operator call functions that are not theirs: every operator route, and undoing another operator's
 * approval. Gets: refusals, and no withdrawal moved.
 */
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { units } from "../src/lib/money.ts";
import { ADMIN_ROUTE_NAMES } from "../src/routes/invest/route.ts";
import { ATTACKER, ATTACKER_KEY, attackSuite, OPERATOR, OPERATOR_KEY, VICTIM, VICTIM_KEY } from "./attack.ts";
import { credit, DEV_KEYS, signInAs } from "./helpers.ts";

const bench = attackSuite({ operators: [OPERATOR, privateKeyToAccount(DEV_KEYS[4]).address] });

async function pendingWithdrawal(): Promise<string> {
  const victim = await bench.member(VICTIM_KEY);
  await credit(bench.db, VICTIM, "usdt", units("50"), "seed:victim");
  const request = await bench.call("withdraw", victim, {
    num: "20",
    credit_type: "usdt",
    hash: bench.chain.pay(VICTIM, units("1")),
  });
  return String(request.data.id);
}

describe("API5 broken function level authorization: operator functions stay with operators", () => {
  it("answers every operator route with 4700 without a token and 4800 for a member", async () => {
    const id = await pendingWithdrawal();
    const attacker = await bench.member(ATTACKER_KEY, VICTIM);
    const payout = bench.chain.payOut(ATTACKER, units("20"));
    for (const name of ADMIN_ROUTE_NAMES) {
      const form = { id, status: "all", reason: "x", hash: payout };
      expect(await bench.call(name, undefined, form), name).toMatchObject({ code: 4700 });
      expect(await bench.call(name, attacker, form), name).toEqual({
        code: 4800,
        msg: "Operators only",
        data: null,
      });
    }
    const { rows } = await bench.db.query("SELECT count(*)::int AS n FROM withdrawal_events");
    expect(rows).toEqual([{ n: 1 }]);
  });

  it("a second operator cannot reject what the first approved (the payout may be on its way)", async () => {
    const id = await pendingWithdrawal();
    const first = await signInAs(bench.app, OPERATOR_KEY);
    const second = await signInAs(bench.app, DEV_KEYS[4]);
    expect(await bench.call("admin/withdrawalApprove", first, { id })).toMatchObject({ code: 0 });
    expect(await bench.call("admin/withdrawalReject", second, { id, reason: "undo" })).toMatchObject({
      code: 4800,
      msg: expect.stringContaining("only that operator can reject it"),
    });
    const { rows } = await bench.db.query("SELECT status FROM withdrawals WHERE id = $1", [id]);
    expect(rows).toEqual([{ status: "approved" }]);
  });
});

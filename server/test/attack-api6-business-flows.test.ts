/**
 * OWASP API6:2023 Unrestricted Access to Sensitive Business Flows. The attacker races the flows that
 * hold a rule: many "first member" sign-ups at once, many withdrawals against one balance, a referral
 * loop. Gets: the rule held, exactly; the ledger equal to the balances.
 */
import { zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { units } from "../src/lib/money.ts";
import { ATTACKER, ATTACKER_KEY, attackSuite, ledgerState, VICTIM, VICTIM_KEY } from "./attack.ts";
import { addressOf, addressTokens, credit, post } from "./helpers.ts";
import { buildApp } from "../src/app.ts";

const bench = attackSuite();

describe("API6 sensitive business flows: racing a rule does not break it", () => {
  it("16 sign-ups at once with the zero referrer on an empty database make exactly one first member", async () => {
    const app = buildApp({ db: bench.db, verifySession: addressTokens, rateLimit: false });
    try {
      const answers = await Promise.all(
        Array.from({ length: 16 }, (_, i) =>
          post(app, "register", {
            form: { username: `root${i}`, recommend: zeroAddress },
            headers: { token: addressOf(i + 1), lang: "en" },
          }).then((res) => res.json()),
        ),
      );
      expect(answers.filter((answer) => answer.code === 0)).toHaveLength(1);
      for (const answer of answers.filter((a) => a.code !== 0)) {
        expect(answer).toEqual({
          code: 4800,
          msg: "The recommended address is not registered, please enter a valid recommended address",
          data: null,
        });
      }
      const { rows } = await bench.db.query("SELECT count(*)::int AS n FROM members WHERE recommend IS NULL");
      expect(rows).toEqual([{ n: 1 }]);
    } finally {
      await app.close();
    }
  });

  it("50 withdrawals at once against a balance for 25 pay exactly 25; the ledger stays exact", async () => {
    await bench.member(VICTIM_KEY);
    const token = await bench.member(ATTACKER_KEY, VICTIM);
    await credit(bench.db, ATTACKER, "usdt", units("250"), "seed:attacker");
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        bench.call("withdraw", token, {
          num: "10",
          credit_type: "usdt",
          hash: bench.chain.pay(ATTACKER, units("1")),
        }),
      ),
    );
    expect(answers.filter((answer) => answer.code === 0)).toHaveLength(25);
    expect(answers.filter((answer) => answer.msg === "Balance insufficient")).toHaveLength(25);
    expect(await ledgerState(bench.db, ATTACKER, "usdt")).toEqual({ ledger: 0n, balance: 0n });
  });

  it("cannot close a referral loop or refer themself", async () => {
    const victim = await bench.member(VICTIM_KEY);
    await bench.member(ATTACKER_KEY, VICTIM);
    expect(await bench.call("register", victim, { username: "v", recommend: ATTACKER })).toMatchObject({
      msg: "This address is already registered",
    });
    const third = privateKeyToAccount("0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba");
    const app = buildApp({ db: bench.db, verifySession: addressTokens, rateLimit: false });
    try {
      const self = third.address.toLowerCase();
      const answer = await post(app, "register", {
        form: { username: "self", recommend: self },
        headers: { token: self, lang: "en" },
      });
      expect(answer.json()).toMatchObject({ code: 4800, msg: "You cannot recommend yourself" });
    } finally {
      await app.close();
    }
  });
});

/**
 * OWASP API8:2023 Security Misconfiguration, with injection (API 2019's A8). The attacker sends SQL
 * and markup in every free-text field, names that spoof how they read, malformed bodies, other
 * methods. Gets: values stored as plain data or refused with a clear message, no 5xx, no internals.
 */
import { describe, expect, it } from "vitest";
import { ATTACKER, ATTACKER_KEY, attackSuite, VICTIM, VICTIM_KEY } from "./attack.ts";
import { post, signInAs } from "./helpers.ts";

const bench = attackSuite();

async function members(): Promise<number> {
  const { rows } = await bench.db.query<{ n: number }>("SELECT count(*)::int AS n FROM members");
  return Number(rows[0]!.n);
}

describe("API8 misconfiguration and injection: input stays data", () => {
  it("stores SQL in a username as text; the tables are intact", async () => {
    await bench.member(VICTIM_KEY);
    const token = await signInAs(bench.app, ATTACKER_KEY);
    const sql = "x'); DROP TABLE members; --";
    expect(await bench.call("register", token, { username: sql, recommend: VICTIM })).toMatchObject({
      code: 0,
      data: { username: sql },
    });
    expect(await members()).toBe(2);
  });

  it.each([
    [
      "a right-to-left override (U+202E) that makes 'evil‮gnp.exe' read as 'evilexe.png'",
      "evil\u202egnp.exe",
    ],
    ["a zero-width joiner", "ad\u200dmin"],
    ["a byte order mark inside", "ad\ufeffmin"],
    ["markup", "<img src=x onerror=alert(1)>"],
    ["a lone angle bracket", "a>b"],
  ])("refuses a username with %s, in zh and en", async (_label, username) => {
    await bench.member(VICTIM_KEY);
    const token = await signInAs(bench.app, ATTACKER_KEY);
    expect(await bench.call("register", token, { username, recommend: VICTIM })).toEqual({
      code: 4800,
      msg: "The username may not contain < or > or invisible formatting characters",
      data: null,
    });
    expect(await bench.call("register", token, { username, recommend: VICTIM }, "zh-cn")).toEqual({
      code: 4800,
      msg: "用户名不能包含 < 或 > 或不可见的格式字符",
      data: null,
    });
    expect(await members()).toBe(1);
  });

  it("keeps names in any script, with emoji and ordinary punctuation", async () => {
    await bench.member(VICTIM_KEY);
    const token = await signInAs(bench.app, ATTACKER_KEY);
    const username = "太极 Ünïcode-名字 😀 & co.";
    expect(await bench.call("register", token, { username, recommend: VICTIM })).toMatchObject({
      code: 0,
      data: { username, address: ATTACKER },
    });
  });

  it("answers malformed bodies and other methods without a 5xx or internals", async () => {
    const token = await signInAs(bench.app, ATTACKER_KEY);
    for (const payload of ['{"username":', "username=%E0%A4%A", "\u0000"]) {
      const res = await bench.app.inject({
        method: "POST",
        url: "/api/api/invest/register",
        headers: { token, "content-type": "application/json", lang: "en" },
        payload,
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ code: 4800, data: null });
      expect(res.body).not.toMatch(/stack|SyntaxError|at .*\.ts|postgres|pglite/i);
    }
    const get = await bench.app.inject({ method: "GET", url: "/api/api/invest/my" });
    expect(get.statusCode).toBe(404);
    expect(get.json()).toEqual({ code: 404, msg: "接口不存在", data: null });
    const res = await post(bench.app, "isRegister", { form: { address: "0x' OR '1'='1" } });
    expect(res.json()).toMatchObject({ code: 4800, msg: "参数错误: address" });
  });
});

/**
 * OWASP API2:2023 Broken Authentication. The attacker tries to sign in as someone else or with a
 * message made for another site, chain or time, and to keep or forge a session. Gets: no token.
 */
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { hashToken } from "../src/lib/auth.ts";
import { ATTACKER, ATTACKER_KEY, attackSuite, VICTIM, VICTIM_KEY } from "./attack.ts";
import { post, signInAs, siweMessage } from "./helpers.ts";

const bench = attackSuite();

async function nonceFor(address: string): Promise<{ nonce: string; message: string }> {
  return (await bench.call("nonce", undefined, { address })).data;
}

async function login(text: string, key: `0x${string}` = ATTACKER_KEY) {
  const signature = await privateKeyToAccount(key).signMessage({ message: text });
  return bench.call("login", undefined, { message: text, signature });
}

async function sessionCount(): Promise<number> {
  const { rows } = await bench.db.query<{ n: number }>("SELECT count(*)::int AS n FROM sessions");
  return Number(rows[0]!.n);
}

describe("API2 broken authentication: the attacker gets no session", () => {
  it.each([
    ["a phishing site's domain", { domain: "evil.example" }, "domain"],
    ["the app's domain with a phishing site's URI", { uri: "https://evil.example/login" }, "uri"],
    ["the app's domain with a URI on another port", { uri: "http://127.0.0.1:6666" }, "uri"],
    ["a URI that is not http(s)", { uri: "javascript:alert(1)" }, "uri"],
    ["another chain", { chainId: 56 }, "chain"],
    ["an expired message", { expirationTime: new Date(Date.now() - 1000) }, "expired"],
    ["a message not valid yet", { notBefore: new Date(Date.now() + 3_600_000) }, "expired"],
  ] as const)("signs a message with %s", async (_label, overrides, reason) => {
    const { nonce } = await nonceFor(ATTACKER);
    expect(await login(siweMessage(ATTACKER, nonce, overrides))).toEqual({
      code: 4800,
      msg: `Sign-in failed: ${reason}`,
      data: null,
    });
    expect(await sessionCount()).toBe(0);
  });

  it("replays a used nonce, uses the victim's nonce, or signs for the victim's address", async () => {
    const own = await nonceFor(ATTACKER);
    expect(await login(own.message)).toMatchObject({ code: 0 });
    expect(await login(own.message)).toMatchObject({ code: 4800, msg: "Sign-in failed: nonce" });
    const victims = await nonceFor(VICTIM);
    expect(await login(siweMessage(ATTACKER, victims.nonce))).toMatchObject({ msg: "Sign-in failed: nonce" });
    expect(await login(victims.message)).toMatchObject({ msg: "Sign-in failed: signature" });
    // The victim's nonce is still good for the victim.
    expect(await login(victims.message, VICTIM_KEY)).toMatchObject({ code: 0 });
  });

  it("forges a token, reuses a revoked one, or sends the stored hash as a token", async () => {
    const first = await signInAs(bench.app, VICTIM_KEY);
    await signInAs(bench.app, VICTIM_KEY);
    for (const token of [first, hashToken(first), "0".repeat(64), `${first} `.repeat(3)]) {
      expect(await bench.call("my", token)).toMatchObject({ code: 4700, data: null });
    }
  });

  it("sends a token in a header the server does not read", async () => {
    const token = await signInAs(bench.app, VICTIM_KEY);
    const res = await post(bench.app, "my", {
      headers: { authorization: `Bearer ${token}`, cookie: `token=${token}` },
    });
    expect(res.json()).toMatchObject({ code: 4700 });
  });
});

/**
 * The chain's RPC node fails: down, or too slow to answer. A payment or payout check then
 * proves nothing, and the member or operator gets a clear 4800 "checks unavailable" within the RPC
 * timeout (plus one retry), never a 5xx and never a hang. (Another chain: test/payments.test.ts.)
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { units } from "../src/lib/money.ts";
import { createChainVerifier, createPayoutVerifier, createRpcClient } from "../src/lib/payments.ts";
import { TREASURY, USDT, VICTIM, VICTIM_KEY } from "./attack.ts";
import { createTestDb, post, signInAs } from "./helpers.ts";

const TIMEOUT_MS = 300;

let db: Db;
/** Accepts connections and never answers. */
let silent: Server;
/** A port nothing listens on (taken from a server closed at once). */
let deadPort: number;
let silentPort: number;

beforeAll(async () => {
  db = await createTestDb();
  silent = createServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  silentPort = (silent.address() as AddressInfo).port;
  const closed = createServer();
  await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
  deadPort = (closed.address() as AddressInfo).port;
  await new Promise((resolve) => closed.close(resolve));
});

afterAll(async () => {
  silent.closeAllConnections();
  await new Promise((resolve) => silent.close(resolve));
  await db.close();
});

describe.each([
  ["down", () => deadPort],
  ["silent (times out)", () => silentPort],
])("an RPC node that is %s", (_label, port) => {
  it("answers buyMachine with 4800 'payment checks unavailable' within its timeout", async () => {
    const client = createRpcClient(`http://127.0.0.1:${port()}`, 31337, TIMEOUT_MS);
    const target = { treasury: TREASURY as `0x${string}`, token: USDT as `0x${string}` };
    const app = buildApp({
      db,
      verifyPayment: createChainVerifier({ client, target, confirmations: 1 }),
      paymentTarget: target,
      rateLimit: false,
    });
    try {
      await db.query("TRUNCATE members CASCADE");
      const token = await signInAs(app, VICTIM_KEY);
      await post(app, "register", {
        form: { username: "v", recommend: "0x0000000000000000000000000000000000000000" },
        headers: { token },
      });
      const started = Date.now();
      const res = await post(app, "buyMachine", {
        form: { id: "1", num: "1", hash: `0x${"12".repeat(32)}` },
        headers: { token, lang: "en" },
      });
      // One try and one retry, each cut at the timeout, with viem's short back-off between.
      expect(Date.now() - started).toBeLessThan(4 * TIMEOUT_MS + 1000);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        code: 4800,
        msg: "Payment not accepted: payment checks unavailable",
        data: null,
      });
      const { rows } = await db.query("SELECT count(*)::int AS n FROM payments");
      expect(rows).toEqual([{ n: 0 }]);
    } finally {
      await app.close();
    }
  });

  it("refuses a payout check the same way", async () => {
    const verifyPayout = createPayoutVerifier({
      client: createRpcClient(`http://127.0.0.1:${port()}`, 31337, TIMEOUT_MS),
      treasury: TREASURY as `0x${string}`,
      tokens: { usdt: USDT as `0x${string}`, arb: USDT as `0x${string}` },
      confirmations: 1,
    });
    expect(
      await verifyPayout({
        hash: `0x${"34".repeat(32)}`,
        to: VICTIM as `0x${string}`,
        amount: units("10"),
        creditType: "usdt",
        after: null,
      }),
    ).toEqual({ ok: false, reason: "unavailable" });
  });
});

/**
 * A chain reorganisation removes a payment the backend has seen (anvil: `evm_snapshot` before the
 * payment, `evm_revert` after it, then other blocks mined in its place). What the design guarantees:
 * - a payment with fewer than CONFIRMATIONS blocks is not credited, so a reorganisation within that depth
 *   leaves nothing booked;
 * - a deeper one, after crediting, is detected: the payment audit proves booked payments again and
 *   reports (and the server's job logs as an error) each one whose transfer is gone. It does not undo
 *   the booking; operators decide (docs/server.md).
 */
import type { FastifyInstance } from "fastify";
import { zeroAddress } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp, LOCAL_TREASURY } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { auditPayments, startPaymentAuditJob } from "../src/jobs/paymentAudit.ts";
import { units } from "../src/lib/money.ts";
import { createChainVerifier, createRpcClient, type VerifyPayment } from "../src/lib/payments.ts";
import { startAnvil, type AnvilChain } from "./anvil.ts";
import { createTestDb, DEV_KEYS, post, resetDb, signInAs } from "./helpers.ts";

const buyer = privateKeyToAccount(DEV_KEYS[1]);
const PRICE = units("100");

let chain: AnvilChain;
let db: Db;

function verifier(confirmations: number): VerifyPayment {
  return createChainVerifier({
    client: createRpcClient(chain.rpcUrl, 31337),
    target: { treasury: LOCAL_TREASURY, token: chain.usdt },
    confirmations,
  });
}

async function memberApp(confirmations: number): Promise<{ app: FastifyInstance; token: string }> {
  const verifyPayment = verifier(confirmations);
  const app = buildApp({
    db,
    verifyPayment,
    paymentTarget: { treasury: LOCAL_TREASURY, token: chain.usdt },
    rateLimit: false,
  });
  const token = await signInAs(app, DEV_KEYS[1]);
  await post(app, "register", { form: { username: "buyer", recommend: zeroAddress }, headers: { token } });
  return { app, token };
}

const buy = (app: FastifyInstance, token: string, hash: string) =>
  post(app, "buyMachine", { form: { id: "1", num: "1", hash }, headers: { token, lang: "en" } }).then((res) =>
    res.json(),
  );

async function count(table: "payments" | "member_machines"): Promise<number> {
  const { rows } = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`);
  return Number(rows[0]!.n);
}

/** Pays, then removes the payment's block by a reorganisation `depth` blocks later: other blocks take their place. */
async function payThenReorg(onChain: (hash: `0x${string}`) => Promise<void>, depth: number) {
  const snapshot = await chain.client.snapshot();
  const hash = await chain.transfer(buyer, LOCAL_TREASURY, PRICE);
  if (depth > 1) await chain.client.mine({ blocks: depth - 1 });
  await onChain(hash);
  await chain.client.revert({ id: snapshot });
  await chain.client.mine({ blocks: depth + 2 });
  await expect(chain.client.getTransactionReceipt({ hash })).rejects.toThrow(/could not be found/);
  return hash;
}

beforeAll(async () => {
  chain = await startAnvil();
  await chain.fund(buyer.address);
  db = await createTestDb();
}, 60_000);

afterAll(async () => {
  await db?.close();
  await chain?.stop();
});

beforeEach(() => resetDb(db));

describe("a reorganisation removes a payment the backend has seen", () => {
  it("within the configured confirmations: refused while unconfirmed, then unknown; never credited", async () => {
    const { app, token } = await memberApp(3);
    try {
      const hash = await payThenReorg(async (seen) => {
        expect(await buy(app, token, seen)).toEqual({
          code: 4800,
          msg: "Payment not accepted: not enough confirmations",
          data: null,
        });
      }, 2);
      expect(await buy(app, token, hash)).toEqual({
        code: 4800,
        msg: "Payment not accepted: transaction not found",
        data: null,
      });
      expect([await count("payments"), await count("member_machines")]).toEqual([0, 0]);
      // The same payment left alone reaches its confirmations and buys.
      const kept = await chain.transfer(buyer, LOCAL_TREASURY, PRICE);
      await chain.client.mine({ blocks: 2 });
      expect(await buy(app, token, kept)).toMatchObject({ code: 0 });
    } finally {
      await app.close();
    }
  });

  it("deeper than the confirmations, after crediting: the audit reports it and the job logs it", async () => {
    const { app, token } = await memberApp(1);
    try {
      const kept = await chain.transfer(buyer, LOCAL_TREASURY, PRICE);
      expect(await buy(app, token, kept)).toMatchObject({ code: 0 });
      const hash = await payThenReorg(async (seen) => {
        expect(await buy(app, token, seen)).toMatchObject({ code: 0 });
      }, 1);
      expect(await count("member_machines")).toBe(2);

      const audit = await auditPayments(db, verifier(1));
      expect(audit).toMatchObject({ checked: 2, unavailable: 0 });
      expect(audit.lost).toEqual([
        expect.objectContaining({
          hash: hash.toLowerCase(),
          address: buyer.address.toLowerCase(),
          purpose: "machine",
          amount: PRICE.toString(),
          reason: "notFound",
        }),
      ]);

      const errors: Array<{ obj: object; msg: string }> = [];
      const stop = startPaymentAuditJob(
        db,
        verifier(1),
        { warn: () => {}, error: (obj, msg) => errors.push({ obj, msg }) },
        20,
      );
      try {
        const deadline = Date.now() + 10_000;
        while (errors.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      } finally {
        stop();
      }
      expect(errors[0]).toEqual({
        obj: expect.objectContaining({ hash: hash.toLowerCase(), reason: "notFound" }),
        msg: "booked payment no longer on chain (reorganisation?)",
      });
      // Detected, not undone: the machine stays booked until an operator decides.
      expect(await count("member_machines")).toBe(2);
    } finally {
      await app.close();
    }
  });
});

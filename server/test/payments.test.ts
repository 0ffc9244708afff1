/**
 * `createChainVerifier` against a real anvil (no network beyond 127.0.0.1; `test/anvil.ts`): a USDT token
 * is deployed from the contracts build (contracts/out/Usdt.sol/Usdt.json), minted and transferred,
 * then hashes are checked directly and through `buyMachine`.
 */
import type { FastifyInstance } from "fastify";
import { zeroAddress, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, LOCAL_TREASURY } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { units } from "../src/lib/money.ts";
import {
  createChainVerifier,
  createPayoutVerifier,
  createRpcClient,
  type VerifyPayment,
  type VerifyPayout,
} from "../src/lib/payments.ts";
import { startAnvil, type AnvilChain } from "./anvil.ts";
import { createTestDb, DEV_KEYS, post, signInAs } from "./helpers.ts";

const buyer = privateKeyToAccount(DEV_KEYS[1]);
const other = privateKeyToAccount(DEV_KEYS[2]);
/** anvil account 0 is `LOCAL_TREASURY`: it sends the withdrawal payouts. */
const treasury = privateKeyToAccount(DEV_KEYS[0]);

let chain: AnvilChain;
let db: Db;
let app: FastifyInstance;
let usdt: Address;
/** Another token (the ARB payout token here): a transfer of it is not a USDT payment. */
let fake: Address;
let verify: VerifyPayment;
let verifyPayout: VerifyPayout;
let rpc: string;

const transfer = (token: Address, from: typeof buyer, to: Address, amount: bigint, gas?: bigint) =>
  chain.transfer(from, to, amount, token, gas);

describe("payments on anvil", () => {
  beforeAll(async () => {
    chain = await startAnvil();
    ({ usdt, arb: fake, rpcUrl: rpc } = chain);
    for (const token of [usdt, fake]) {
      for (const account of [buyer, other, treasury])
        await chain.mint(account.address, units("100000"), token);
    }
    const target = { treasury: LOCAL_TREASURY, token: usdt };
    verify = createChainVerifier({ client: createRpcClient(rpc, 31337), target, confirmations: 1 });
    verifyPayout = createPayoutVerifier({
      client: createRpcClient(rpc, 31337),
      treasury: LOCAL_TREASURY,
      tokens: { usdt, arb: fake },
      confirmations: 1,
    });
    db = await createTestDb();
    app = buildApp({
      db,
      verifyPayment: verify,
      verifyPayout,
      paymentTarget: target,
      operators: [other.address],
      rateLimit: false,
    });
    await app.ready();
  }, 60_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await chain?.stop();
  });

  it("accepts a confirmed USDT transfer of the right amount from the payer to the treasury", async () => {
    const hash = await transfer(usdt, buyer, LOCAL_TREASURY, units("100"));
    expect(await verify({ hash, from: buyer.address, amount: units("100") })).toMatchObject({ ok: true });
  });

  it("refuses a wrong amount, payer, token, recipient, unknown hash and a reverted transfer", async () => {
    const hash = await transfer(usdt, buyer, LOCAL_TREASURY, units("100"));
    expect(await verify({ hash, from: buyer.address, amount: units("99") })).toEqual({
      ok: false,
      reason: "mismatch",
    });
    expect(await verify({ hash, from: other.address, amount: units("100") })).toEqual({
      ok: false,
      reason: "mismatch",
    });
    const wrongToken = await transfer(fake, buyer, LOCAL_TREASURY, units("100"));
    expect(await verify({ hash: wrongToken, from: buyer.address, amount: units("100") })).toMatchObject({
      reason: "mismatch",
    });
    const wrongTo = await transfer(usdt, buyer, other.address, units("100"));
    expect(await verify({ hash: wrongTo, from: buyer.address, amount: units("100") })).toMatchObject({
      reason: "mismatch",
    });
    expect(await verify({ hash: `0x${"ab".repeat(32)}`, from: buyer.address, amount: 1n })).toEqual({
      ok: false,
      reason: "notFound",
    });
    const reverted = await transfer(usdt, buyer, LOCAL_TREASURY, units("99999999"), 100_000n);
    expect(await verify({ hash: reverted, from: buyer.address, amount: units("99999999") })).toEqual({
      ok: false,
      reason: "failed",
    });
  });

  it("proves nothing through an RPC that serves another chain than the configured one", async () => {
    const hash = await transfer(usdt, buyer, LOCAL_TREASURY, units("100"));
    const target = { treasury: LOCAL_TREASURY, token: usdt };
    const otherChain = createChainVerifier({ client: createRpcClient(rpc, 56), target, confirmations: 1 });
    expect(await otherChain({ hash, from: buyer.address, amount: units("100") })).toEqual({
      ok: false,
      reason: "unavailable",
    });
    const payout = await transfer(usdt, treasury, buyer.address, units("5"));
    const otherChainPayout = createPayoutVerifier({
      client: createRpcClient(rpc, 56),
      treasury: LOCAL_TREASURY,
      tokens: { usdt, arb: fake },
      confirmations: 1,
    });
    expect(
      await otherChainPayout({
        hash: payout,
        to: buyer.address,
        amount: units("5"),
        creditType: "usdt",
        after: null,
      }),
    ).toEqual({ ok: false, reason: "unavailable" });
  });

  it("waits for enough confirmations", async () => {
    const strict = createChainVerifier({
      client: createRpcClient(rpc, 31337),
      target: { treasury: LOCAL_TREASURY, token: usdt },
      confirmations: 3,
    });
    const hash = await transfer(usdt, buyer, LOCAL_TREASURY, units("5"));
    const claim = { hash, from: buyer.address, amount: units("5") };
    expect(await strict(claim)).toEqual({ ok: false, reason: "unconfirmed" });
    await chain.client.mine({ blocks: 2 });
    expect(await strict(claim)).toMatchObject({ ok: true });
  });

  it("books one real hash exactly once under 50 concurrent buyMachine calls; another account's hash is refused", async () => {
    const token = await signInAs(app, DEV_KEYS[1]);
    await post(app, "register", { form: { username: "buyer", recommend: zeroAddress }, headers: { token } });
    const hash = await transfer(usdt, buyer, LOCAL_TREASURY, units("100"));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(app, "buyMachine", { form: { id: "1", num: "1", hash }, headers: { token, lang: "en" } }),
      ),
    );
    const bodies = answers.map((res) => res.json());
    expect(bodies.filter((body) => body.code === 0)).toHaveLength(1);
    expect(bodies.filter((body) => body.code === 4800)).toHaveLength(49);
    expect(new Set(bodies.filter((b) => b.code === 4800).map((b) => b.msg))).toEqual(
      new Set(["This transaction has already been used"]),
    );
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM member_machines");
    expect(rows[0]?.n).toBe(1);

    const otherToken = await signInAs(app, DEV_KEYS[2]);
    await post(app, "register", {
      form: { username: "other", recommend: buyer.address },
      headers: { token: otherToken },
    });
    const buyersHash = await transfer(usdt, buyer, LOCAL_TREASURY, units("100"));
    const stolen = await post(app, "buyMachine", {
      form: { id: "1", num: "1", hash: buyersHash },
      headers: { token: otherToken, lang: "en" },
    });
    expect(stolen.json()).toEqual({
      code: 4800,
      msg: "Payment not accepted: no matching USDT transfer to the treasury",
      data: null,
    });
  });

  it("verifies a withdrawal payout from the treasury and marks the request paid with it", async () => {
    const payout = await transfer(usdt, treasury, buyer.address, units("10"));
    const claim = {
      hash: payout,
      to: buyer.address,
      amount: units("10"),
      creditType: "usdt" as const,
      after: null,
    };
    expect(await verifyPayout(claim)).toMatchObject({ ok: true });
    expect(await verifyPayout({ ...claim, amount: units("9") })).toMatchObject({ reason: "mismatch" });
    expect(await verifyPayout({ ...claim, to: other.address })).toMatchObject({ reason: "mismatch" });
    expect(await verifyPayout({ ...claim, creditType: "arb" })).toMatchObject({ reason: "mismatch" });
    const arbPayout = await transfer(fake, treasury, buyer.address, units("10"));
    expect(await verifyPayout({ ...claim, hash: arbPayout, creditType: "arb" })).toMatchObject({ ok: true });
    const notFromTreasury = await transfer(usdt, other, buyer.address, units("10"));
    expect(await verifyPayout({ ...claim, hash: notFromTreasury })).toMatchObject({ reason: "mismatch" });

    // End to end: the member asks (fee paid on chain), an operator approves and pays on chain. An
    // older treasury transfer of exactly the amount to the member (an earlier payout) is refused.
    const older = await transfer(usdt, treasury, buyer.address, units("25"));
    const memberToken = await signInAs(app, DEV_KEYS[1]);
    await post(app, "register", {
      form: { username: "buyer", recommend: zeroAddress },
      headers: { token: memberToken },
    });
    await db.query(
      "INSERT INTO ledger (address, credit_type, amount, kind, ref) VALUES ($1, 'usdt', $2::numeric, 'mining', 'anvil')",
      [buyer.address.toLowerCase(), units("25").toString()],
    );
    const fee = await transfer(usdt, buyer, LOCAL_TREASURY, units("1"));
    const asked = await post(app, "withdraw", {
      form: { num: "25", credit_type: "usdt", hash: fee },
      headers: { token: memberToken, lang: "en" },
    });
    expect(asked.json()).toMatchObject({ code: 0, data: { status: "pending" } });
    const id = String(asked.json().data.id);
    const operator = await signInAs(app, DEV_KEYS[2]);
    const headers = { token: operator, lang: "en" };
    expect((await post(app, "admin/withdrawalApprove", { form: { id }, headers })).json()).toMatchObject({
      code: 0,
    });
    expect((await post(app, "admin/withdrawalPay", { form: { id, hash: payout }, headers })).json()).toEqual({
      code: 4800,
      msg: "Payout not accepted: no matching transfer of the amount from the treasury to the member",
      data: null,
    });
    expect((await post(app, "admin/withdrawalPay", { form: { id, hash: older }, headers })).json()).toEqual({
      code: 4800,
      msg: "Payout not accepted: the transfer was mined before the withdrawal was requested",
      data: null,
    });
    const right = await transfer(usdt, treasury, buyer.address, units("25"));
    expect(
      (await post(app, "admin/withdrawalPay", { form: { id, hash: right }, headers })).json(),
    ).toMatchObject({
      code: 0,
      data: { status: "paid", payoutTxHash: right.toLowerCase() },
    });
  });
});

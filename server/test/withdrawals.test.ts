/**
 * `withdrawCheck` and the operator routes (`admin/*`) through `app.inject` on one shared database
 * (emptied before each test). Payments and payouts go through a fake chain; test/payments.test.ts
 * checks real payout hashes on anvil.
 */
import type { FastifyInstance } from "fastify";
import { zeroAddress, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp, LOCAL_TREASURY } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { units, WITHDRAW_FEE } from "../src/lib/money.ts";
import { moveWithdrawal, PayoutHashUsedError } from "../src/lib/withdrawals.ts";
import { createTestDb, credit, DEV_KEYS, fakeChain, post, resetDb, signInAs } from "./helpers.ts";

const USDT: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
/** Account 0 is the treasury, which may not pay for a member: members and operators are accounts 1 to 4. */
const [, KEY_A, KEY_B, KEY_OP1, KEY_OP2] = DEV_KEYS;
const A = privateKeyToAccount(KEY_A).address.toLowerCase();
const B = privateKeyToAccount(KEY_B).address.toLowerCase();
const OP1 = privateKeyToAccount(KEY_OP1).address.toLowerCase();
const OP2 = privateKeyToAccount(KEY_OP2).address.toLowerCase();

let db: Db;
let app: FastifyInstance;
const chain = fakeChain();

beforeAll(async () => {
  db = await createTestDb();
  app = buildApp({
    db,
    verifyPayment: chain.verifyPayment,
    verifyPayout: chain.verifyPayout,
    paymentTarget: { treasury: LOCAL_TREASURY, token: USDT },
    // Mixed case on purpose: the allow-list compares lower-case addresses.
    operators: [privateKeyToAccount(KEY_OP1).address, OP2],
    rateLimit: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

beforeEach(() => resetDb(db));

async function call(name: string, token: string | undefined, form: Record<string, string> = {}, lang = "en") {
  const res = await post(app, name, { form, headers: { lang, ...(token ? { token } : {}) } });
  expect(res.statusCode, `${name} ${JSON.stringify(form)}`).toBeLessThan(500);
  return res.json();
}

async function member(key: `0x${string}`, recommend: string = zeroAddress): Promise<string> {
  const token = await signInAs(app, key);
  expect(await call("register", token, { username: "m", recommend })).toMatchObject({ code: 0 });
  return token;
}

async function requestWithdrawal(token: string, from: string, num: string, creditType = "usdt") {
  const body = await call("withdraw", token, {
    num,
    credit_type: creditType,
    hash: chain.pay(from, WITHDRAW_FEE),
  });
  expect(body).toMatchObject({ code: 0 });
  return body.data.id as number;
}

async function balance(token: string, creditType: "usdt" | "arb"): Promise<bigint> {
  return BigInt((await call("my", token)).data.balances[creditType]);
}

async function status(id: number): Promise<string | undefined> {
  const { rows } = await db.query<{ status: string }>("SELECT status FROM withdrawals WHERE id = $1", [id]);
  return rows[0]?.status;
}

async function events(id: number) {
  const { rows } = await db.query(
    "SELECT from_status, to_status, actor FROM withdrawal_events WHERE withdrawal_id = $1 ORDER BY id",
    [id],
  );
  return rows;
}

describe("withdrawCheck", () => {
  it("quotes the fee, minimum, balance and net amount before anything is paid", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "usdt", units("30"), "seed:1");
    await credit(db, A, "arb", units("12"), "seed:2");
    expect(await call("withdrawCheck", token, { num: "10", credit_type: "usdt" })).toEqual({
      code: 0,
      msg: "Success",
      data: {
        creditType: "usdt",
        withdrawAmount: units("10").toString(),
        fee: WITHDRAW_FEE.toString(),
        net: units("10").toString(),
        minimum: units("10").toString(),
        minimumInclusive: true,
        balance: units("30").toString(),
        amount: WITHDRAW_FEE.toString(),
        token: USDT,
        treasury: LOCAL_TREASURY,
        chainId: 31337,
      },
    });
    expect((await call("withdrawCheck", token, { num: "10.5", credit_type: "arb" })).data).toMatchObject({
      creditType: "arb",
      withdrawAmount: units("10.5").toString(),
      minimumInclusive: false,
      balance: units("12").toString(),
      amount: WITHDRAW_FEE.toString(),
    });
    // A quote books nothing.
    expect(await balance(token, "usdt")).toBe(units("30"));
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM withdrawals");
    expect(rows[0]?.n).toBe(0);
  });

  it("refuses what withdraw would refuse, in the request's language", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "usdt", units("20"), "seed:1");
    await credit(db, A, "arb", units("20"), "seed:2");
    const ask = (num: string, creditType: string, lang = "en") =>
      call("withdrawCheck", token, { num, credit_type: creditType }, lang);
    expect(await ask("10", "arb")).toEqual({
      code: 4800,
      msg: "ARB withdrawal must be more than 10",
      data: null,
    });
    expect(await ask("9.999999999999999999", "usdt")).toMatchObject({ msg: "Below the minimum (10)" });
    expect(await ask("0", "usdt")).toMatchObject({ msg: "Quantity must be greater than 0" });
    expect(await ask("20.000000000000000001", "usdt")).toMatchObject({ msg: "Balance insufficient" });
    expect(await ask("20.000000000000000001", "usdt", "zh-cn")).toMatchObject({ msg: "余额不足" });
    expect(await ask("-1", "usdt")).toMatchObject({ code: 4800, msg: "invalid parameter: num" });
    expect(await ask("15", "eth")).toMatchObject({ code: 4800, msg: "invalid parameter: credit_type" });
    expect(await call("withdrawCheck", undefined, { num: "15", credit_type: "usdt" })).toMatchObject({
      code: 4700,
    });
    const stranger = await signInAs(app, KEY_B);
    expect(await call("withdrawCheck", stranger, { num: "15", credit_type: "usdt" })).toMatchObject({
      code: 4800,
      msg: "Please register first",
    });
  });
});

describe("operator access", () => {
  it("needs a token (4700) and an address of the allow-list (4800)", async () => {
    const memberToken = await member(KEY_A);
    expect(await call("admin/withdrawalList", undefined)).toMatchObject({ code: 4700 });
    expect(await call("admin/withdrawalList", "not-a-token")).toMatchObject({ code: 4700 });
    expect(await call("admin/withdrawalList", memberToken)).toEqual({
      code: 4800,
      msg: "Operators only",
      data: null,
    });
    expect(await call("admin/withdrawalApprove", memberToken, { id: "1" }, "zh-cn")).toEqual({
      code: 4800,
      msg: "仅限运营人员操作",
      data: null,
    });
    // Operators need not be members.
    const operator = await signInAs(app, KEY_OP1);
    expect(await call("admin/withdrawalList", operator)).toEqual({
      code: 0,
      msg: "Success",
      data: {
        status: "pending",
        address: null,
        treasury: LOCAL_TREASURY,
        page: 1,
        pageSize: 20,
        total: 0,
        list: [],
      },
    });
  });
});

describe("operator routes", () => {
  it("names the configured treasury as the payouts' sender, not the local chain's", async () => {
    const treasury: Address = "0x0000000000000000000000000000000000005afE";
    const other = buildApp({
      db,
      paymentTarget: { treasury, token: USDT },
      operators: [OP1],
      rateLimit: false,
    });
    try {
      const operator = await signInAs(other, KEY_OP1);
      const res = await post(other, "admin/withdrawalList", { headers: { lang: "en", token: operator } });
      expect(res.json()).toMatchObject({ code: 0, data: { treasury } });
    } finally {
      await other.close();
    }
  });

  it("lists the queue oldest first, by state and by page", async () => {
    const tokenA = await member(KEY_A);
    const tokenB = await member(KEY_B, A);
    await credit(db, A, "usdt", units("1000"), "seed:a");
    await credit(db, B, "arb", units("100"), "seed:b");
    for (let i = 0; i < 22; i++) await requestWithdrawal(tokenA, A, "10");
    const arbId = await requestWithdrawal(tokenB, B, "10.5", "arb");
    const operator = await signInAs(app, KEY_OP1);
    await call("admin/withdrawalApprove", operator, { id: "2" });

    const first = (await call("admin/withdrawalList", operator)).data;
    expect(first).toMatchObject({ status: "pending", page: 1, pageSize: 20, total: 22 });
    expect(first.list.map((w: { id: number }) => w.id)).toEqual([
      1,
      ...Array.from({ length: 19 }, (_, i) => i + 3),
    ]);
    expect(first.list[0]).toEqual({
      id: 1,
      userId: 1,
      address: A,
      username: "m",
      creditType: "usdt",
      amount: units("10").toString(),
      fee: WITHDRAW_FEE.toString(),
      feeTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      status: "pending",
      payoutTxHash: null,
      reason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const second = (await call("admin/withdrawalList", operator, { page: "2" })).data;
    expect(second.list.map((w: { id: number }) => w.id)).toEqual([22, arbId]);
    expect(second.list[1]).toMatchObject({
      address: B,
      userId: 2,
      creditType: "arb",
      amount: units("10.5").toString(),
    });
    const approved = (await call("admin/withdrawalList", operator, { status: "approved" })).data;
    expect(approved).toMatchObject({ total: 1, list: [{ id: 2, status: "approved" }] });
    expect((await call("admin/withdrawalList", operator, { status: "all" })).data.total).toBe(23);
    expect(await call("admin/withdrawalList", operator, { status: "done" })).toMatchObject({
      code: 4800,
      msg: "invalid parameter: status",
    });
  });

  it("filters the queue by member, in any letter case, and refuses an address that is none", async () => {
    const tokenA = await member(KEY_A);
    const tokenB = await member(KEY_B, A);
    await credit(db, A, "usdt", units("100"), "seed:a");
    await credit(db, B, "usdt", units("100"), "seed:b");
    const a1 = await requestWithdrawal(tokenA, A, "10");
    const b1 = await requestWithdrawal(tokenB, B, "11");
    const a2 = await requestWithdrawal(tokenA, A, "12");
    const operator = await signInAs(app, KEY_OP1);
    await call("admin/withdrawalApprove", operator, { id: String(a2) });

    const checksummed = privateKeyToAccount(KEY_B).address;
    const ofB = (await call("admin/withdrawalList", operator, { address: checksummed })).data;
    expect(ofB).toMatchObject({ status: "pending", address: B, total: 1 });
    expect(ofB.list.map((w: { id: number }) => w.id)).toEqual([b1]);
    const ofA = (await call("admin/withdrawalList", operator, { address: A, status: "all" })).data;
    expect(ofA).toMatchObject({ status: "all", address: A, total: 2 });
    expect(ofA.list.map((w: { id: number }) => w.id)).toEqual([a1, a2]);
    const approvedOfB = (await call("admin/withdrawalList", operator, { address: B, status: "approved" }))
      .data;
    expect(approvedOfB).toMatchObject({ total: 0, list: [] });

    for (const address of ["0x123", "not-an-address", `${A}00`]) {
      expect(await call("admin/withdrawalList", operator, { address })).toEqual({
        code: 4800,
        msg: "invalid parameter: address",
        data: null,
      });
    }
  });

  it("approves, then pays with a verified payout; every move is an audit row", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "usdt", units("50"), "seed:1");
    const id = await requestWithdrawal(token, A, "12.5");
    const operator = await signInAs(app, KEY_OP1);

    const approved = await call("admin/withdrawalApprove", operator, { id: String(id) });
    expect(approved).toMatchObject({ code: 0, data: { id, status: "approved", payoutTxHash: null } });
    const payout = chain.payOut(A, units("12.5"));
    const paid = await call("admin/withdrawalPay", operator, {
      id: String(id),
      hash: payout.toUpperCase().replace("0X", "0x"),
    });
    expect(paid).toMatchObject({ code: 0, data: { id, status: "paid", payoutTxHash: payout } });
    // Paying out moves no balance: the amount left it when the member asked.
    expect(await balance(token, "usdt")).toBe(units("37.5"));

    const detail = (await call("admin/withdrawalDetail", operator, { id: String(id) })).data;
    expect(detail).toMatchObject({ id, status: "paid", payoutTxHash: payout });
    expect(detail.events).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: "pending", actor: A, payoutTxHash: null }),
      expect.objectContaining({ fromStatus: "pending", toStatus: "approved", actor: OP1 }),
      expect.objectContaining({ fromStatus: "approved", toStatus: "paid", actor: OP1, payoutTxHash: payout }),
    ]);
    expect(await call("admin/withdrawalDetail", operator, { id: "999" })).toEqual({
      code: 4800,
      msg: "No such withdrawal",
      data: null,
    });
  });

  it("rejects pending or approved requests with a refund through the ledger", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "arb", units("100"), "seed:1");
    const first = await requestWithdrawal(token, A, "20", "arb");
    const second = await requestWithdrawal(token, A, "30", "arb");
    expect(await balance(token, "arb")).toBe(units("50"));
    const operator = await signInAs(app, KEY_OP2);

    const rejected = await call("admin/withdrawalReject", operator, {
      id: String(first),
      reason: "  KYC missing ",
    });
    expect(rejected).toMatchObject({
      code: 0,
      data: { id: first, status: "rejected", reason: "KYC missing" },
    });
    expect(await balance(token, "arb")).toBe(units("70"));
    await call("admin/withdrawalApprove", operator, { id: String(second) });
    expect(
      await call("admin/withdrawalReject", operator, { id: String(second), reason: "address blocked" }),
    ).toMatchObject({
      code: 0,
    });
    expect(await balance(token, "arb")).toBe(units("100"));

    const wallet = (await call("walletList", token, { credit_type: "arb" })).data;
    expect(wallet.list.map((row: { kind: string; amount: string }) => [row.kind, row.amount])).toEqual([
      ["withdraw_refund", units("30").toString()],
      ["withdraw_refund", units("20").toString()],
      ["withdraw", (-units("30")).toString()],
      ["withdraw", (-units("20")).toString()],
      ["mining", units("100").toString()],
    ]);
    expect(await events(second)).toEqual([
      { from_status: null, to_status: "pending", actor: A },
      { from_status: "pending", to_status: "approved", actor: OP2 },
      { from_status: "approved", to_status: "rejected", actor: OP2 },
    ]);
  });

  it("answers 4800 for every illegal move and changes nothing", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "usdt", units("100"), "seed:1");
    const id = await requestWithdrawal(token, A, "10");
    const operator = await signInAs(app, KEY_OP1);
    const move = (name: string, form: Record<string, string>, lang = "en") =>
      call(`admin/${name}`, operator, { id: String(id), ...form }, lang);

    expect(await move("withdrawalPay", { hash: chain.payOut(A, units("10")) })).toEqual({
      code: 4800,
      msg: `Withdrawal ${id} is pending; it cannot become paid`,
      data: null,
    });
    await move("withdrawalApprove", {});
    expect(await move("withdrawalApprove", {})).toMatchObject({
      msg: `Withdrawal ${id} is approved; it cannot become approved`,
    });
    expect(await move("withdrawalApprove", {}, "zh-cn")).toMatchObject({
      msg: `提现申请 ${id} 当前为 approved，不能变更为 approved`,
    });
    await move("withdrawalPay", { hash: chain.payOut(A, units("10")) });
    expect(await move("withdrawalReject", { reason: "late" })).toMatchObject({
      msg: `Withdrawal ${id} is paid; it cannot become rejected`,
    });
    expect(await move("withdrawalPay", { hash: chain.payOut(A, units("10")) })).toMatchObject({
      msg: `Withdrawal ${id} is paid; it cannot become paid`,
    });
    expect(await call("admin/withdrawalApprove", operator, { id: "404" })).toMatchObject({
      msg: "No such withdrawal",
    });
    expect(await call("admin/withdrawalReject", operator, { id: "404", reason: "x" })).toMatchObject({
      msg: "No such withdrawal",
    });
    expect(await status(id)).toBe("paid");
    expect(await balance(token, "usdt")).toBe(units("90"));
    expect((await events(id)).map((e) => e.to_status)).toEqual(["pending", "approved", "paid"]);
  });

  it("refuses payouts that do not prove the transfer, and a hash used before", async () => {
    const token = await member(KEY_A);
    const tokenB = await member(KEY_B, A);
    await credit(db, A, "usdt", units("100"), "seed:1");
    await credit(db, A, "arb", units("100"), "seed:2");
    await credit(db, B, "usdt", units("100"), "seed:3");
    const id = await requestWithdrawal(token, A, "10");
    const arbId = await requestWithdrawal(token, A, "11", "arb");
    const other = await requestWithdrawal(tokenB, B, "10");
    const operator = await signInAs(app, KEY_OP1);
    for (const w of [id, arbId, other]) await call("admin/withdrawalApprove", operator, { id: String(w) });
    const pay = (w: number, hash: string) => call("admin/withdrawalPay", operator, { id: String(w), hash });

    expect(await pay(id, `0x${"ab".repeat(32)}`)).toEqual({
      code: 4800,
      msg: "Payout not accepted: transaction not found",
      data: null,
    });
    const mismatch =
      "Payout not accepted: no matching transfer of the amount from the treasury to the member";
    expect(await pay(id, chain.payOut(A, units("9.99")))).toMatchObject({ msg: mismatch });
    expect(await pay(id, chain.payOut(B, units("10")))).toMatchObject({ msg: mismatch });
    expect(await pay(id, chain.payOut(A, units("10"), "arb"))).toMatchObject({ msg: mismatch });
    expect(await pay(arbId, chain.payOut(A, units("11"), "usdt"))).toMatchObject({ msg: mismatch });
    expect(await pay(id, chain.payOut(A, units("10")).slice(0, 40))).toMatchObject({
      msg: "invalid parameter: hash",
    });
    // The member's own fee payment is not a payout.
    const { rows } = await db.query<{ fee_tx_hash: string }>(
      "SELECT fee_tx_hash FROM withdrawals WHERE id = $1",
      [id],
    );
    expect(await pay(id, rows[0]!.fee_tx_hash)).toMatchObject({
      msg: "This transaction has already been used",
    });

    const payout = chain.payOut(A, units("10"));
    expect(await pay(id, payout)).toMatchObject({ code: 0 });
    expect(await pay(other, payout)).toMatchObject({ msg: "This transaction has already been used" });
    expect(await pay(arbId, chain.payOut(A, units("11"), "arb"))).toMatchObject({
      code: 0,
      data: { status: "paid" },
    });
    expect(await status(other)).toBe("approved");
  });
});

describe("operators acting at once", () => {
  it("two operators approving one request: exactly one move", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "usdt", units("100"), "seed:1");
    const id = await requestWithdrawal(token, A, "10");
    const [one, two] = await Promise.all([signInAs(app, KEY_OP1), signInAs(app, KEY_OP2)]);
    const answers = await Promise.all(
      [one, two, one, two].map((op) => call("admin/withdrawalApprove", op, { id: String(id) })),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(answers.filter((a) => a.code === 4800).map((a) => a.msg)).toEqual(
      Array(3).fill(`Withdrawal ${id} is approved; it cannot become approved`),
    );
    expect((await events(id)).map((e) => e.to_status)).toEqual(["pending", "approved"]);
  });

  it("an approved request is rejected only by the operator who approved it (a payout may be on its way)", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "usdt", units("100"), "seed:1");
    const id = await requestWithdrawal(token, A, "40");
    const approver = await signInAs(app, KEY_OP1);
    const other = await signInAs(app, KEY_OP2);
    await call("admin/withdrawalApprove", approver, { id: String(id) });

    expect(await call("admin/withdrawalReject", other, { id: String(id), reason: "late" })).toMatchObject({
      code: 4800,
      msg: `Withdrawal ${id} was approved by ${OP1}: only that operator can reject it`,
    });
    expect(await status(id)).toBe("approved");
    expect(await balance(token, "usdt")).toBe(units("60")); // no refund
    expect((await events(id)).map((e) => e.to_status)).toEqual(["pending", "approved"]);

    expect(
      await call("admin/withdrawalReject", approver, { id: String(id), reason: "not sent" }),
    ).toMatchObject({
      code: 0,
      data: { status: "rejected" },
    });
    expect(await balance(token, "usdt")).toBe(units("100"));
  });

  it("rejects racing each other refund once; approve racing reject leaves one consistent outcome", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "usdt", units("100"), "seed:1");
    const id = await requestWithdrawal(token, A, "40");
    const operator = await signInAs(app, KEY_OP1);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        call("admin/withdrawalReject", operator, { id: String(id), reason: "dup" }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    expect(await balance(token, "usdt")).toBe(units("100"));
    const refunds = await db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM ledger WHERE kind = 'withdraw_refund'",
    );
    expect(refunds.rows[0]?.n).toBe(1);

    const next = await requestWithdrawal(token, A, "40");
    const raced = await Promise.all([
      call("admin/withdrawalApprove", operator, { id: String(next) }),
      call("admin/withdrawalReject", operator, { id: String(next), reason: "race" }),
    ]);
    const final = await status(next);
    // Either order is legal (pending -> approved -> rejected, or pending -> rejected and the approve refused).
    expect(final).toBe("rejected");
    expect(raced[1]).toMatchObject({ code: 0 });
    expect(await balance(token, "usdt")).toBe(units("100"));
  });

  it("one payout hash submitted for two requests at once settles one", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "usdt", units("100"), "seed:1");
    const first = await requestWithdrawal(token, A, "10");
    const second = await requestWithdrawal(token, A, "10");
    const operator = await signInAs(app, KEY_OP1);
    for (const w of [first, second]) await call("admin/withdrawalApprove", operator, { id: String(w) });
    const payout = chain.payOut(A, units("10"));
    const answers = await Promise.all(
      [first, second, first, second].map((w) =>
        call("admin/withdrawalPay", operator, { id: String(w), hash: payout }),
      ),
    );
    expect(answers.filter((a) => a.code === 0)).toHaveLength(1);
    const { rows } = await db.query<{ status: string; n: number }>(
      "SELECT status, count(*)::int AS n FROM withdrawals GROUP BY status ORDER BY status",
    );
    expect(rows).toEqual([
      { status: "approved", n: 1 },
      { status: "paid", n: 1 },
    ]);
  });

  it("the database refuses a payout hash twice even past the route's early check", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "usdt", units("100"), "seed:1");
    const first = await requestWithdrawal(token, A, "10");
    const second = await requestWithdrawal(token, A, "10");
    for (const w of [first, second]) await moveWithdrawal(db, w, "approved", { actor: OP1 });
    const payout = chain.payOut(A, units("10"));
    await moveWithdrawal(db, first, "paid", { actor: OP1, payoutTxHash: payout });
    await expect(
      moveWithdrawal(db, second, "paid", { actor: OP1, payoutTxHash: payout }),
    ).rejects.toBeInstanceOf(PayoutHashUsedError);
    expect(await status(second)).toBe("approved");
    expect((await events(second)).map((e) => e.to_status)).toEqual(["pending", "approved"]);
  });
});

describe("wallet balances", () => {
  it("equal the ledger sums after requests, refunds and payouts; ledger rows cannot change", async () => {
    const token = await member(KEY_A);
    const tokenB = await member(KEY_B, A);
    await credit(db, A, "usdt", units("100"), "seed:1");
    await credit(db, A, "arb", units("33.3"), "seed:2");
    await credit(db, B, "usdt", units("12"), "seed:3");
    const operator = await signInAs(app, KEY_OP1);
    const first = await requestWithdrawal(token, A, "25");
    await requestWithdrawal(token, A, "11.1", "arb");
    const third = await requestWithdrawal(tokenB, B, "12");
    await call("admin/withdrawalReject", operator, { id: String(first), reason: "no" });
    await call("admin/withdrawalApprove", operator, { id: String(third) });
    await call("admin/withdrawalPay", operator, { id: String(third), hash: chain.payOut(B, units("12")) });

    const sums = await db.query(
      `SELECT address, credit_type, sum(amount)::text AS balance FROM ledger GROUP BY 1, 2 ORDER BY 1, 2`,
    );
    const kept = await db.query(
      "SELECT address, credit_type, balance::text AS balance FROM wallet_balances ORDER BY 1, 2",
    );
    expect(kept.rows).toEqual(sums.rows);
    expect(await balance(token, "usdt")).toBe(units("100"));
    expect(await balance(token, "arb")).toBe(units("22.2"));
    expect(await balance(tokenB, "usdt")).toBe(0n);
    await expect(db.query("UPDATE ledger SET amount = 1")).rejects.toThrow(/never updated or deleted/);
    await expect(db.query("DELETE FROM ledger")).rejects.toThrow(/never updated or deleted/);
  });
});

describe("a member withdrawing at once", () => {
  it("cannot spend one balance twice, nor one fee payment twice", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "usdt", units("100"), "seed:1");
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call("withdraw", token, { num: "60", credit_type: "usdt", hash: chain.pay(A, WITHDRAW_FEE) }),
      ),
    );
    expect(answers.filter((body) => body.code === 0)).toHaveLength(1);
    for (const body of answers.filter((answer) => answer.code !== 0))
      expect(body).toMatchObject({ code: 4800, msg: "Balance insufficient" });
    expect(await balance(token, "usdt")).toBe(units("40"));

    const fee = chain.pay(A, WITHDRAW_FEE);
    const sameFee = await Promise.all(
      Array.from({ length: 8 }, () => call("withdraw", token, { num: "10", credit_type: "usdt", hash: fee })),
    );
    expect(sameFee.filter((body) => body.code === 0)).toHaveLength(1);
    expect(await balance(token, "usdt")).toBe(units("30"));
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM withdrawals");
    expect(rows[0]?.n).toBe(2);
  });
});

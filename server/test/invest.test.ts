/**
 * The machine/node endpoints end to end through `app.inject`, on one shared PGlite (emptied
 * before each test). Payments go through a fake chain here; test/payments.test.ts uses anvil.
 */
import type { FastifyInstance } from "fastify";
import { getAddress, zeroAddress, type Address } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { buildApp, LOCAL_TREASURY } from "../src/app.ts";
import type { Db } from "../src/db/index.ts";
import { settleDay, settlePending } from "../src/jobs/settlement.ts";
import { hashToken } from "../src/lib/auth.ts";
import { units, WITHDRAW_FEE } from "../src/lib/money.ts";
import { moveWithdrawal, WithdrawalStateError } from "../src/lib/withdrawals.ts";
import {
  createTestDb,
  credit,
  DEV_KEYS,
  fakeChain,
  post,
  resetDb,
  signInAs,
  siweMessage,
  TEST_WINDOW_MS,
} from "./helpers.ts";

const USDT: Address = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
/** Account 0 is the treasury, which may not pay for a member: members are accounts 1 to 3. */
const [, KEY_A, KEY_B, KEY_C] = DEV_KEYS;
const A = privateKeyToAccount(KEY_A).address.toLowerCase();
const B = privateKeyToAccount(KEY_B).address.toLowerCase();
const C = privateKeyToAccount(KEY_C).address.toLowerCase();
/** An operator address for the audit rows of direct `moveWithdrawal` calls. */
const OP = "0x00000000000000000000000000000000000000f0";

let db: Db;
let app: FastifyInstance;
const chain = fakeChain();

beforeAll(async () => {
  db = await createTestDb();
  app = buildApp({
    db,
    verifyPayment: chain.verifyPayment,
    paymentTarget: { treasury: LOCAL_TREASURY, token: USDT },
    rateLimit: false,
  });
  await app.ready();
});

afterAll(async () => {
  await app.close();
  await db.close();
});

beforeEach(() => resetDb(db));

const en = (token?: string) => ({ lang: "en", ...(token ? { token } : {}) });

/** Signs in and registers; the first member uses the zero address as referrer. */
async function member(key: `0x${string}`, recommend: string = zeroAddress): Promise<string> {
  const token = await signInAs(app, key);
  const res = await post(app, "register", { form: { username: "m", recommend }, headers: en(token) });
  expect(res.json()).toMatchObject({ code: 0 });
  return token;
}

async function buyMachine(token: string, from: string, id = 1, num = 1) {
  const price = BigInt((await post(app, "machineDetail", { form: { type: String(id) } })).json().data.price);
  const hash = chain.pay(from, price * BigInt(num));
  return post(app, "buyMachine", { form: { id: String(id), num: String(num), hash }, headers: en(token) });
}

describe("sign-in (EIP-4361)", () => {
  async function nonceFor(address: string) {
    return (await post(app, "nonce", { form: { address } })).json().data as {
      nonce: string;
      message: string;
    };
  }

  async function login(msg: string, key: `0x${string}` = KEY_A) {
    const signature = await privateKeyToAccount(key).signMessage({ message: msg });
    return (await post(app, "login", { form: { message: msg, signature }, headers: en() })).json();
  }

  it("issues a message for the wallet and a token that opens auth routes", async () => {
    const { nonce, message: text } = await nonceFor(A);
    expect(text).toContain("127.0.0.1:5173 wants you to sign in with your Ethereum account:");
    expect(text).toContain(`Nonce: ${nonce}`);
    expect(text).toContain("Chain ID: 31337");
    const body = await login(text);
    expect(body).toMatchObject({ code: 0, data: { address: getAddress(A) } });
    const token: string = body.data.token;
    expect(token).toMatch(/^[0-9a-f]{64}$/);
    // Only the hash is stored.
    const { rows } = await db.query<{ token_hash: string }>("SELECT token_hash FROM sessions");
    expect(rows).toEqual([{ token_hash: hashToken(token) }]);
    const my = await post(app, "my", { headers: en(token) });
    expect(my.json()).toEqual({ code: 4800, msg: "Please register first", data: null });
  });

  // Messages for another domain, URI, chain or time: test/attack-api2-authentication.test.ts.

  it("refuses an unknown nonce, a reused one and one issued to another address", async () => {
    expect(await login(siweMessage(A, "unknownnonce123"))).toMatchObject({
      code: 4800,
      msg: "Sign-in failed: nonce",
    });
    const { message: text } = await nonceFor(A);
    expect(await login(text)).toMatchObject({ code: 0 });
    expect(await login(text)).toMatchObject({ code: 4800, msg: "Sign-in failed: nonce" });
    const { nonce } = await nonceFor(B);
    expect(await login(siweMessage(A, nonce))).toMatchObject({ code: 4800, msg: "Sign-in failed: nonce" });
  });

  it("refuses an expired nonce", async () => {
    const { message: text } = await nonceFor(A);
    await db.query("UPDATE auth_nonces SET expires_at = now() - interval '1 second'");
    expect(await login(text)).toMatchObject({ code: 4800, msg: "Sign-in failed: expired" });
  });

  it("refuses a signature by another key, a garbled message and a bad signature", async () => {
    const { message: text } = await nonceFor(A);
    expect(await login(text, KEY_B)).toMatchObject({ code: 4800, msg: "Sign-in failed: signature" });
    expect(await login("hello")).toMatchObject({ code: 4800, msg: "Sign-in failed: message" });
    const res = await post(app, "login", {
      form: { message: text, signature: `0x${"ab".repeat(65)}` },
      headers: en(),
    });
    expect(res.json()).toMatchObject({ code: 4800, msg: "Sign-in failed: signature" });
    // The nonce survived the failures: the right signature still works.
    expect(await login(text)).toMatchObject({ code: 0 });
  });

  it("answers in Chinese by default", async () => {
    const { nonce } = await nonceFor(A);
    const signature = await privateKeyToAccount(KEY_A).signMessage({
      message: siweMessage(A, nonce, { chainId: 1 }),
    });
    const res = await post(app, "login", {
      form: { message: siweMessage(A, nonce, { chainId: 1 }), signature },
    });
    expect(res.json()).toEqual({ code: 4800, msg: "登录失败: chain", data: null });
  });

  it("revokes older tokens on a new sign-in; expired and unknown tokens answer 4700", async () => {
    const first = await member(KEY_A);
    const second = await signInAs(app, KEY_A);
    expect((await post(app, "my", { headers: en(first) })).json()).toMatchObject({ code: 4700 });
    expect((await post(app, "my", { headers: en(second) })).json()).toMatchObject({ code: 0 });
    await db.query("UPDATE sessions SET expires_at = now() - interval '1 second'");
    expect((await post(app, "my", { headers: en(second) })).json()).toEqual({
      code: 4700,
      msg: "Login expired, please sign in again",
      data: null,
    });
    expect((await post(app, "my", { headers: en("x".repeat(500)) })).json()).toMatchObject({ code: 4700 });
    expect((await post(app, "teamInfo")).json()).toMatchObject({ code: 4700 });
  });
});

describe("register", () => {
  it("registers the first member with the zero address, then others under a member", async () => {
    const tokenA = await signInAs(app, KEY_A);
    const first = await post(app, "register", {
      form: { username: " Alice ", recommend: zeroAddress },
      headers: en(tokenA),
    });
    expect(first.json()).toMatchObject({
      code: 0,
      data: { id: 1, address: A, username: "Alice", recommend: null },
    });
    const tokenB = await signInAs(app, KEY_B);
    const second = await post(app, "register", {
      form: { username: "Bob", recommend: getAddress(A) },
      headers: en(tokenB),
    });
    expect(second.json()).toMatchObject({ code: 0, data: { address: B, recommend: A } });
    expect((await post(app, "isRegister", { form: { address: B } })).json().data).toEqual({
      isRegister: true,
    });
  });

  it("refuses: registered twice, self, unregistered or zero referrer once members exist", async () => {
    const tokenA = await member(KEY_A);
    const again = await post(app, "register", { form: { username: "x", recommend: A }, headers: en(tokenA) });
    expect(again.json()).toEqual({ code: 4800, msg: "This address is already registered", data: null });
    const tokenB = await signInAs(app, KEY_B);
    const cases: [string, string][] = [
      [B, "You cannot recommend yourself"],
      [C, "The recommended address is not registered, please enter a valid recommended address"],
      [zeroAddress, "The recommended address is not registered, please enter a valid recommended address"],
    ];
    for (const [recommend, msg] of cases) {
      const res = await post(app, "register", { form: { username: "b", recommend }, headers: en(tokenB) });
      expect(res.json(), recommend).toEqual({ code: 4800, msg, data: null });
    }
    const zh = await post(app, "register", {
      form: { username: "b", recommend: C },
      headers: { token: tokenB },
    });
    expect(zh.json().msg).toBe("推荐地址未注册，请输入有效的推荐地址");
    const blank = await post(app, "register", {
      form: { username: "   ", recommend: A },
      headers: en(tokenB),
    });
    expect(blank.json()).toEqual({ code: 4800, msg: "invalid parameter: username", data: null });
  });

  it("needs a token", async () => {
    const res = await post(app, "register", { form: { username: "b", recommend: A } });
    expect(res.json()).toMatchObject({ code: 4700 });
  });
});

describe("catalogue", () => {
  it("lists the seeded machine types and nodes in the request's language", async () => {
    const list = (await post(app, "machineTypeList", { headers: en() })).json().data.list;
    expect(list).toHaveLength(4);
    expect(list[0]).toEqual({
      id: 1,
      name: "Taichi Shaoyang",
      price: units("100").toString(),
      power: 100,
      durationDays: 180,
      maxPerOrder: 100,
      dailyOutput: units("1").toString(),
    });
    const detail = (await post(app, "machineDetail", { form: { type: "3" } })).json();
    expect(detail).toMatchObject({ code: 0, data: { id: 3, name: "太极·少阴", power: 1080 } });
    const nodes = (await post(app, "nodeList", { headers: en() })).json().data.list;
    expect(nodes.map((n: { id: number; remaining: number }) => [n.id, n.remaining])).toEqual([
      [1, 300],
      [2, 100],
      [3, 30],
    ]);
  });

  it("refuses an unknown or malformed machine type", async () => {
    expect((await post(app, "machineDetail", { form: { type: "99" }, headers: en() })).json()).toEqual({
      code: 4800,
      msg: "No such machine type",
      data: null,
    });
    expect((await post(app, "machineDetail", { form: { type: "1.5" }, headers: en() })).json()).toEqual({
      code: 4800,
      msg: "invalid parameter: type",
      data: null,
    });
  });
});

describe("machines", () => {
  it("quotes, buys with a verified payment and lists the purchase and power", async () => {
    const token = await member(KEY_A);
    const check = await post(app, "buyMachineCheck", { form: { id: "2", num: "3" }, headers: en(token) });
    expect(check.json()).toEqual({
      code: 0,
      msg: "Success",
      data: {
        typeId: 2,
        num: 3,
        power: 1560,
        amount: units("1500").toString(),
        token: USDT,
        treasury: LOCAL_TREASURY,
        chainId: 31337,
      },
    });
    const bought = await buyMachine(token, A, 2, 3);
    expect(bought.json()).toMatchObject({ code: 0, data: { typeId: 2, num: 3, power: 1560 } });
    const { startDay, endDay } = bought.json().data;
    expect(startDay).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((Date.parse(endDay) - Date.parse(startDay)) / 86_400_000).toBe(180);

    const log = (await post(app, "buyMachineLog", { headers: en(token) })).json().data.list;
    expect(log).toMatchObject([
      { typeId: 2, num: 3, power: 1560, status: "pending", paid: units("1500").toString() },
    ]);
    const power = (await post(app, "powerLog", { headers: en(token) })).json().data;
    expect(power).toEqual({
      power: 1560,
      list: [{ day: startDay, change: 1560, reason: "machineStart", machineId: 1 }],
    });
    expect((await post(app, "my", { headers: en(token) })).json().data).toMatchObject({ power: 1560 });
  });

  it("refuses quantity 0, too many, unknown type, unregistered, bad payments and a used hash", async () => {
    const token = await member(KEY_A);
    const ask = (form: Record<string, string>, t = token) =>
      post(app, "buyMachine", { form, headers: en(t) }).then((res) => res.json());
    const hash = chain.pay(A, units("100"));
    expect(await ask({ id: "1", num: "0", hash })).toMatchObject({ msg: "Quantity must be greater than 0" });
    expect(await ask({ id: "1", num: "101", hash })).toMatchObject({
      msg: "Amount exceeds the maximum (100)",
    });
    expect(await ask({ id: "9", num: "1", hash })).toMatchObject({ msg: "No such machine type" });
    expect(await ask({ id: "1", num: "2", hash })).toMatchObject({
      code: 4800,
      msg: "Payment not accepted: no matching USDT transfer to the treasury",
    });
    expect(await ask({ id: "1", num: "1", hash: `0x${"e".repeat(64)}` })).toMatchObject({
      msg: "Payment not accepted: transaction not found",
    });
    expect(await ask({ id: "1", num: "1", hash })).toMatchObject({ code: 0 });
    expect(await ask({ id: "1", num: "1", hash: hash.toUpperCase().replace("0X", "0x") })).toEqual({
      code: 4800,
      msg: "This transaction has already been used",
      data: null,
    });
    // Another account's payment.
    const tokenB = await member(KEY_B, A);
    const paidByA = chain.pay(A, units("100"));
    expect(await ask({ id: "1", num: "1", hash: paidByA }, tokenB)).toMatchObject({
      msg: "Payment not accepted: no matching USDT transfer to the treasury",
    });
    const stranger = await signInAs(app, KEY_C);
    expect(await ask({ id: "1", num: "1", hash: chain.pay(C, units("100")) }, stranger)).toMatchObject({
      msg: "Please register first",
    });
  });

  it("credits one hash once under 50 concurrent submissions", async () => {
    const token = await member(KEY_A);
    const hash = chain.pay(A, units("100"));
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        post(app, "buyMachine", { form: { id: "1", num: "1", hash }, headers: en(token) }),
      ),
    );
    expect(answers.every((res) => res.statusCode === 200)).toBe(true);
    const codes = answers.map((res) => res.json().code);
    expect(codes.filter((code) => code === 0)).toHaveLength(1);
    expect(codes.filter((code) => code === 4800)).toHaveLength(49);
    const { rows } = await db.query<{ n: number }>("SELECT count(*)::int AS n FROM member_machines");
    expect(rows[0]?.n).toBe(1);
  });
});

describe("nodes", () => {
  it("quotes and buys a node once; a second one is refused; sold out is refused", async () => {
    const token = await member(KEY_A);
    const check = await post(app, "buyNodeCheck", { form: { id: "1" }, headers: en(token) });
    expect(check.json()).toMatchObject({
      code: 0,
      data: { levelId: 1, amount: units("1000").toString(), token: USDT },
    });
    const hash = chain.pay(A, units("1000"));
    const bought = await post(app, "buyNode", { form: { id: "1", hash }, headers: en(token) });
    expect(bought.json()).toEqual({
      code: 0,
      msg: "Success",
      data: { levelId: 1, paid: units("1000").toString(), bonusBps: 500 },
    });
    expect((await post(app, "nodeList")).json().data.list[0]).toMatchObject({ sold: 1, remaining: 299 });
    expect((await post(app, "my", { headers: en(token) })).json().data.node).toEqual({
      levelId: 1,
      name: "Liangyi node",
      bonusBps: 500,
    });
    const again = await post(app, "buyNodeCheck", { form: { id: "2" }, headers: en(token) });
    expect(again.json()).toEqual({ code: 4800, msg: "You already hold a node", data: null });

    const tokenB = await member(KEY_B, A);
    await db.query("UPDATE node_levels SET sold = seats WHERE id = 3");
    const soldOut = await post(app, "buyNodeCheck", { form: { id: "3" }, headers: en(tokenB) });
    expect(soldOut.json()).toEqual({ code: 4800, msg: "This node is sold out", data: null });
    expect(
      (await post(app, "buyNodeCheck", { form: { id: "7" }, headers: en(tokenB) })).json(),
    ).toMatchObject({
      msg: "No such node",
    });
  });
});

describe("team", () => {
  it("counts the tree and lists direct referrals, of the member or of a team member", async () => {
    const tokenA = await member(KEY_A);
    const tokenB = await member(KEY_B, A);
    const tokenC = await member(KEY_C, B);
    await buyMachine(tokenB, B, 1, 2);
    await buyMachine(tokenC, C, 2, 1);
    const info = (await post(app, "teamInfo", { headers: en(tokenA) })).json();
    expect(info).toEqual({
      code: 0,
      msg: "Success",
      data: { directCount: 1, teamCount: 2, myPower: 0, directPower: 200, teamPower: 720, recommend: null },
    });
    const mine = (await post(app, "recommendList", { headers: en(tokenA) })).json().data;
    expect(mine).toMatchObject({ userId: 1, list: [{ userId: 2, address: B, power: 200, directCount: 1 }] });
    const ofB = (await post(app, "recommendList", { form: { userId: "2" }, headers: en(tokenA) })).json()
      .data;
    expect(ofB).toMatchObject({ userId: 2, list: [{ userId: 3, address: C, power: 520, directCount: 0 }] });
    const upward = await post(app, "recommendList", { form: { userId: "1" }, headers: en(tokenC) });
    expect(upward.json()).toEqual({ code: 4800, msg: "This member is not in your team", data: null });
  });
});

describe("wallet and withdrawals", () => {
  it("withdraws above the minimum with a paid fee, lists the ledger, refunds a rejected request", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "arb", units("100"), "seed:1");
    const res = await post(app, "withdraw", {
      form: { num: "10.5", credit_type: "arb", hash: chain.pay(A, WITHDRAW_FEE) },
      headers: en(token),
    });
    expect(res.json()).toEqual({
      code: 0,
      msg: "Success",
      data: {
        id: 1,
        creditType: "arb",
        amount: units("10.5").toString(),
        fee: WITHDRAW_FEE.toString(),
        status: "pending",
      },
    });
    const wallet = (
      await post(app, "walletList", { form: { credit_type: "arb", page: "1" }, headers: en(token) })
    ).json().data;
    expect(wallet).toMatchObject({ creditType: "arb", balance: units("89.5").toString(), page: 1, total: 2 });
    expect(wallet.list.map((row: { amount: string; kind: string }) => [row.kind, row.amount])).toEqual([
      ["withdraw", (-units("10.5")).toString()],
      ["mining", units("100").toString()],
    ]);
    const usdt = (await post(app, "walletList", { form: { credit_type: "usdt" }, headers: en(token) })).json()
      .data;
    expect(usdt).toMatchObject({ balance: "0", total: 0, list: [] });

    await moveWithdrawal(db, 1, "rejected", { actor: OP, reason: "test" });
    const after = (await post(app, "my", { headers: en(token) })).json().data.balances;
    expect(after).toEqual({ usdt: "0", arb: units("100").toString() });
    await expect(moveWithdrawal(db, 1, "approved", { actor: OP })).rejects.toBeInstanceOf(
      WithdrawalStateError,
    );
  });

  it("moves pending -> approved -> paid and refuses skipping states", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "usdt", units("50"), "seed:2");
    const res = await post(app, "withdraw", {
      form: { num: "10", credit_type: "usdt", hash: chain.pay(A, WITHDRAW_FEE) },
      headers: en(token),
    });
    expect(res.json()).toMatchObject({ code: 0 });
    const payout = `0x${"1".repeat(64)}`;
    await expect(moveWithdrawal(db, 1, "paid", { actor: OP, payoutTxHash: payout })).rejects.toThrow(
      "withdrawal 1 is pending, cannot move to paid",
    );
    await moveWithdrawal(db, 1, "approved", { actor: OP });
    await expect(moveWithdrawal(db, 1, "paid", { actor: OP })).rejects.toBeInstanceOf(WithdrawalStateError);
    await moveWithdrawal(db, 1, "paid", { actor: OP, payoutTxHash: payout });
    const { rows } = await db.query("SELECT status FROM withdrawals");
    expect(rows).toEqual([{ status: "paid" }]);
    await expect(moveWithdrawal(db, 1, "rejected", { actor: OP })).rejects.toBeInstanceOf(
      WithdrawalStateError,
    );
    const events = await db.query(
      "SELECT from_status, to_status, actor, payout_tx_hash FROM withdrawal_events ORDER BY id",
    );
    expect(events.rows).toEqual([
      { from_status: null, to_status: "pending", actor: A, payout_tx_hash: null },
      { from_status: "pending", to_status: "approved", actor: OP, payout_tx_hash: null },
      { from_status: "approved", to_status: "paid", actor: OP, payout_tx_hash: payout },
    ]);
  });

  it("refuses below the minimum, ARB not above 10, over the balance, zero and bad fees", async () => {
    const token = await member(KEY_A);
    await credit(db, A, "arb", units("20"), "seed:3");
    await credit(db, A, "usdt", units("20"), "seed:4");
    const ask = (num: string, creditType: string, hash = chain.pay(A, WITHDRAW_FEE)) =>
      post(app, "withdraw", { form: { num, credit_type: creditType, hash }, headers: en(token) }).then((r) =>
        r.json(),
      );
    expect(await ask("10", "arb")).toMatchObject({ msg: "ARB withdrawal must be more than 10" });
    expect(await ask("9.99", "usdt")).toMatchObject({ msg: "Below the minimum (10)" });
    expect(await ask("0", "usdt")).toMatchObject({ msg: "Quantity must be greater than 0" });
    expect(await ask("20.000000000000000001", "usdt")).toMatchObject({ msg: "Balance insufficient" });
    expect(await ask("15", "usdt", chain.pay(A, units("2")))).toMatchObject({
      msg: "Payment not accepted: no matching USDT transfer to the treasury",
    });
    expect(await ask("1e3", "usdt")).toMatchObject({ msg: "invalid parameter: num" });
    expect(await ask("15", "btc")).toMatchObject({ msg: "invalid parameter: credit_type" });
    expect(await ask("20", "usdt")).toMatchObject({ code: 0 });
    const zh = await post(app, "withdraw", {
      form: { num: "11", credit_type: "usdt", hash: chain.pay(A, WITHDRAW_FEE) },
      headers: { token },
    });
    expect(zh.json()).toEqual({ code: 4800, msg: "余额不足", data: null });
  });
});

describe("daily settlement", () => {
  async function setup() {
    const tokenA = await member(KEY_A);
    const tokenB = await member(KEY_B, A);
    const tokenC = await member(KEY_C, B);
    await post(app, "buyNode", { form: { id: "1", hash: chain.pay(A, units("1000")) }, headers: en(tokenA) });
    const machine = (await buyMachine(tokenA, A, 1, 1)).json().data; // power 100, +5% node bonus
    await buyMachine(tokenC, C, 2, 1); // power 520, pays 500 USDT: B gets 5%, A 3%
    void tokenB;
    const today = new Date().toISOString().slice(0, 10);
    return { startDay: machine.startDay as string, today };
  }

  async function ledger() {
    const { rows } = await db.query<{ address: string; credit_type: string; amount: string; kind: string }>(
      "SELECT address, credit_type, amount::text AS amount, kind FROM ledger ORDER BY kind, amount",
    );
    return rows;
  }

  it("credits output by power (node bonus included) and referral shares, once per day", async () => {
    const { startDay, today } = await setup();
    const referral = await settleDay(db, today);
    expect(referral).toMatchObject({ settled: true, mining: "0" });
    const mining = await settleDay(db, startDay);
    expect(mining).toMatchObject({ settled: true });
    expect(await ledger()).toEqual([
      { address: A, credit_type: "arb", amount: units("1.05").toString(), kind: "mining" },
      { address: C, credit_type: "arb", amount: units("5.2").toString(), kind: "mining" },
      // A's node purchase has no referrer; C's machine pays B 5% and A 3% of 500 USDT.
      { address: A, credit_type: "usdt", amount: units("15").toString(), kind: "referral" },
      { address: B, credit_type: "usdt", amount: units("25").toString(), kind: "referral" },
    ]);
    const before = await ledger();
    expect(await settleDay(db, startDay)).toMatchObject({ settled: false });
    expect(await settleDay(db, today)).toMatchObject({ settled: false });
    expect(await ledger()).toEqual(before);
    expect((await post(app, "my", { headers: en(await signInAs(app, KEY_B)) })).json().data.balances).toEqual(
      {
        usdt: units("25").toString(),
        arb: "0",
      },
    );
  });

  it("loses and duplicates nothing when a run crashes mid-way and is rerun", async () => {
    const { startDay, today } = await setup();
    const crash = async () => {
      throw new Error("crash after mining");
    };
    await expect(settleDay(db, startDay, { afterMining: crash })).rejects.toThrow("crash after mining");
    await expect(settleDay(db, today, { afterMining: crash })).rejects.toThrow("crash after mining");
    expect(await ledger()).toEqual([]);
    expect((await db.query("SELECT day FROM settlements")).rows).toEqual([]);
    await settleDay(db, startDay);
    await settleDay(db, today);
    await settleDay(db, startDay);
    expect(await ledger()).toHaveLength(4);
  });

  it("settlePending books every finished day up to yesterday, then nothing", async () => {
    await setup();
    await db.query("UPDATE member_machines SET start_day = start_day - 3, end_day = end_day - 3");
    await db.query("UPDATE payments SET created_at = created_at - interval '3 days', day = day - 3");
    const today = new Date().toISOString().slice(0, 10);
    const first = await settlePending(db, today);
    expect(first.length).toBeGreaterThanOrEqual(3);
    expect(first.every((result) => result.settled && result.day < today)).toBe(true);
    expect(await settlePending(db, today)).toEqual([]);
    const mining = (await ledger()).filter((row) => row.kind === "mining");
    expect(mining).toHaveLength(4); // two members x two days (start_day-3+1 .. yesterday)
  });
});

describe("rate limit", () => {
  it("answers HTTP 429 past the per-IP and per-token limits", async () => {
    const limited = buildApp({ db, rateLimit: { perIp: 3, perToken: 2, windowMs: TEST_WINDOW_MS } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) codes.push((await post(limited, "home")).statusCode);
      expect(codes).toEqual([200, 200, 200, 429]);
      const res = await post(limited, "home", { headers: { lang: "en" } });
      expect(res.json()).toEqual({ code: 429, msg: "Too many requests, please try again later", data: null });

      const other = buildApp({ db, rateLimit: { perIp: 100, perToken: 2, windowMs: TEST_WINDOW_MS } });
      const byToken: number[] = [];
      for (let i = 0; i < 3; i++)
        byToken.push((await post(other, "my", { headers: { token: "t" } })).statusCode);
      expect(byToken).toEqual([200, 200, 429]);
      await other.close();
    } finally {
      await limited.close();
    }
  });
});

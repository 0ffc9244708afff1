import type { Hash } from "viem";
import { describe, expect, it, vi } from "vitest";
import { validateAmount } from "../../lib/amount";
import type { PaymentDue } from "./api";
import {
  type PaidFlow,
  type PendingPayment,
  WITHDRAW_MIN,
  addPending,
  checkPayment,
  ledgerKindKey,
  nextPage,
  orderCost,
  pageCount,
  parsePendingPayments,
  pendingPaymentsKey,
  parseQuantity,
  removePending,
  runPaidFlow,
  submitPaid,
  validateUsername,
  withdrawRules,
} from "./logic";

const HASH = `0x${"ab".repeat(32)}` as Hash;
const HASH2 = `0x${"cd".repeat(32)}` as Hash;
const CHECK: PaymentDue = {
  amount: "100000000000000000000",
  token: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  treasury: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266",
  chainId: 31337,
};

describe("withdraw rules", () => {
  it("USDT: 10 is allowed, below is not", () => {
    expect(validateAmount("10", withdrawRules("usdt", 100n * 10n ** 18n)).ok).toBe(true);
    expect(validateAmount("9.99", withdrawRules("usdt", 100n * 10n ** 18n))).toEqual({
      ok: false,
      message: { key: "common.amountMin" },
    });
  });
  it("ARB: only above 10", () => {
    expect(WITHDRAW_MIN.arb).toBe(10n * 10n ** 18n + 1n);
    expect(validateAmount("10", withdrawRules("arb", 100n * 10n ** 18n)).ok).toBe(false);
    expect(validateAmount("10.000000000000000001", withdrawRules("arb", 100n * 10n ** 18n)).ok).toBe(true);
  });
  it("not above the balance", () => {
    expect(validateAmount("11", withdrawRules("usdt", 10n * 10n ** 18n))).toEqual({
      ok: false,
      message: { key: "common.balanceInsufficient" },
    });
  });
});

describe("parseQuantity", () => {
  it("accepts whole numbers from 1 to the maximum", () => {
    expect(parseQuantity(" 3 ", 10)).toEqual({ ok: true, value: 3 });
    expect(parseQuantity("10", 10)).toEqual({ ok: true, value: 10 });
    expect(parseQuantity("1", 10)).toEqual({ ok: true, value: 1 });
  });
  it("refuses 0, fractions, text and above the maximum", () => {
    expect(parseQuantity("0", 10)).toEqual({ ok: false, message: { key: "common.amountPositive" } });
    for (const text of ["1.5", "abc", "12abc", "abc12"]) {
      expect(parseQuantity(text, 10), text).toEqual({ ok: false, message: { key: "mine.buy.wholeNumber" } });
    }
    expect(parseQuantity("11", 10)).toEqual({
      ok: false,
      message: { key: "mine.buy.maxPerOrder", values: { max: 10 } },
    });
  });
});

describe("small helpers", () => {
  it("orderCost multiplies exactly", () => {
    expect(orderCost("100000000000000000000", 3)).toBe(300n * 10n ** 18n);
  });
  it("pageCount is at least 1", () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
  it("validateUsername: 1-32 characters", () => {
    expect(validateUsername("  ")).toEqual({ key: "mine.register.usernameRequired" });
    expect(validateUsername("a".repeat(33))).toEqual({ key: "mine.register.usernameTooLong" });
    expect(validateUsername("alice")).toBeUndefined();
    expect(validateUsername("a".repeat(32))).toBeUndefined();
    expect(validateUsername("\u{1F600}".repeat(32))).toBeUndefined(); // characters, not UTF-16 units
  });
  it("checkPayment refuses another chain and a non-positive amount", () => {
    expect(checkPayment(CHECK, 31337)).toBeUndefined();
    expect(checkPayment(CHECK, 56)).toEqual({ key: "mine.pay.wrongChain" });
    expect(checkPayment({ ...CHECK, amount: "0" }, 31337)).toEqual({ key: "common.operateError" });
    for (const amount of ["1.5", "12abc", "abc12"]) {
      expect(checkPayment({ ...CHECK, amount }, 31337), amount).toEqual({ key: "common.operateError" });
    }
  });
  it("checkPayment refuses a check without a token or treasury address (nothing is sent)", () => {
    const noToken = { ...CHECK, token: null } as unknown as typeof CHECK;
    expect(checkPayment(noToken, 31337)).toEqual({ key: "common.operateError" });
    expect(checkPayment({ ...CHECK, treasury: "0x1234" as typeof CHECK.treasury }, 31337)).toEqual({
      key: "common.operateError",
    });
  });
  it("ledgerKindKey maps known kinds and falls back to other", () => {
    expect(ledgerKindKey("withdraw_refund")).toBe("mine.wallet.kinds.withdrawRefund");
    expect(ledgerKindKey("mining")).toBe("mine.wallet.kinds.mining");
    expect(ledgerKindKey("weird")).toBe("mine.wallet.kinds.other");
  });
});

describe("pending payments", () => {
  const machine: PendingPayment = { kind: "machine", id: 1, num: 2, hash: HASH };
  const withdraw: PendingPayment = { kind: "withdraw", num: "12.5", creditType: "arb", hash: HASH2 };
  it("round-trips and drops malformed entries", () => {
    const raw = JSON.stringify([machine, withdraw, { kind: "machine", id: 1, hash: "0x12" }, null, 5]);
    expect(parsePendingPayments(raw)).toEqual([machine, withdraw]);
    expect(parsePendingPayments("not json")).toEqual([]);
    expect(parsePendingPayments(null)).toEqual([]);
  });
  it("drops an entry wrong in any one field, and an unknown kind", () => {
    const node: PendingPayment = { kind: "node", id: 4, hash: HASH };
    const wrong = [
      { ...machine, hash: "0x12" },
      { ...machine, id: "1" },
      { kind: "machine", id: 1, hash: HASH },
      { ...node, id: 1.5 },
      { ...withdraw, num: 12.5 },
      { ...withdraw, creditType: "btc" },
      { kind: "other", num: "1", creditType: "usdt", hash: HASH },
    ];
    const usdt: PendingPayment = { ...withdraw, creditType: "usdt" };
    expect(parsePendingPayments(JSON.stringify([node, usdt, ...wrong]))).toEqual([node, usdt]);
    expect(parsePendingPayments(JSON.stringify({ 0: machine }))).toEqual([]); // not a list
  });
  it("is kept per account, whatever the address's case", () => {
    const address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect(pendingPaymentsKey(address)).toBe(`minePendingPayments:${address.toLowerCase()}`);
  });
  it("add replaces the same hash, remove drops it", () => {
    expect(addPending([machine], withdraw)).toEqual([machine, withdraw]);
    const list = addPending(addPending([], machine), { ...machine, num: 3 });
    expect(list).toEqual([{ ...machine, num: 3 }]);
    expect(removePending(addPending(list, withdraw), HASH)).toEqual([withdraw]);
  });
});

function flow(overrides: Partial<PaidFlow> = {}) {
  const steps: string[] = [];
  const f: PaidFlow = {
    chainId: 31337,
    check: vi.fn(async () => CHECK),
    pay: vi.fn(async () => ({ ok: true as const, hash: HASH })),
    submit: vi.fn(async () => ({})),
    keep: vi.fn(),
    forget: vi.fn(),
    onStep: (s) => steps.push(s),
    ...overrides,
  };
  return { f, steps };
}

describe("runPaidFlow", () => {
  it("checks, pays, keeps the hash, submits it, then forgets it", async () => {
    const { f, steps } = flow();
    expect(await runPaidFlow(f)).toEqual({ step: "done", hash: HASH });
    expect(f.pay).toHaveBeenCalledWith(CHECK);
    expect(f.keep).toHaveBeenCalledWith(HASH);
    expect(f.submit).toHaveBeenCalledWith(HASH);
    expect(f.forget).toHaveBeenCalledWith(HASH);
    expect(steps).toEqual(["checking", "paying", "submitting", "done"]);
  });
  it("a refused check pays nothing", async () => {
    const err = new Error("rejected");
    const { f, steps } = flow({ check: vi.fn(async () => Promise.reject(err)) });
    expect(await runPaidFlow(f)).toEqual({ step: "failed", error: err });
    expect(steps).toEqual(["checking", "failed"]);
    expect(f.pay).not.toHaveBeenCalled();
  });
  it("a check for another chain pays nothing", async () => {
    const { f, steps } = flow({ chainId: 56 });
    expect(await runPaidFlow(f)).toEqual({
      step: "failed",
      error: undefined,
      message: { key: "mine.pay.wrongChain" },
    });
    expect(steps).toEqual(["checking", "failed"]);
    expect(f.pay).not.toHaveBeenCalled();
  });
  it("a failed payment submits nothing", async () => {
    const { f, steps } = flow({
      pay: vi.fn(async () => ({ ok: false as const, message: { key: "errors.userRejected" as const } })),
    });
    expect(await runPaidFlow(f)).toEqual({
      step: "failed",
      error: undefined,
      message: { key: "errors.userRejected" },
    });
    expect(f.keep).not.toHaveBeenCalled();
    expect(f.submit).not.toHaveBeenCalled();
    expect(steps).toEqual(["checking", "paying", "failed"]);
  });
  it("a failed submission after payment keeps the hash", async () => {
    const err = new Error("down");
    const { f, steps } = flow({ submit: vi.fn(async () => Promise.reject(err)) });
    expect(await runPaidFlow(f)).toEqual({ step: "unsubmitted", hash: HASH, error: err });
    expect(f.keep).toHaveBeenCalledWith(HASH);
    expect(f.forget).not.toHaveBeenCalled();
    expect(steps.at(-1)).toBe("unsubmitted");
  });
  it("a retry of a kept hash forgets it once accepted", async () => {
    const { f } = flow();
    expect(await submitPaid(f, HASH2)).toEqual({ step: "done", hash: HASH2 });
    expect(f.forget).toHaveBeenCalledWith(HASH2);
  });
});

describe("nextPage of a paged backend list", () => {
  it("the next page while rows are left, none after the last", () => {
    expect(nextPage({ page: 1, pageSize: 100, total: 230 })).toBe(2);
    expect(nextPage({ page: 2, pageSize: 100, total: 230 })).toBe(3);
    expect(nextPage({ page: 3, pageSize: 100, total: 230 })).toBeUndefined();
    expect(nextPage({ page: 1, pageSize: 100, total: 100 })).toBeUndefined();
    expect(nextPage({ page: 1, pageSize: 100, total: 101 })).toBe(2);
    expect(nextPage({ page: 1, pageSize: 100, total: 0 })).toBeUndefined();
  });
});

import { parseEther } from "viem";
import { beforeAll, describe, expect, it } from "vitest";
import { i18n, translate } from "../i18n";
import { type AmountCheck, validateAmount } from "./amount";

const msg = (check: AmountCheck) => (check.ok ? "ok" : translate(check.message));

beforeAll(async () => {
  await i18n.changeLanguage("en");
});

describe("validateAmount", () => {
  it("parses exactly with 18 decimals (no float)", () => {
    expect(validateAmount("1.5")).toEqual({ ok: true, value: 1_500_000_000_000_000_000n });
    expect(validateAmount("0.000000000000000001")).toEqual({ ok: true, value: 1n });
    expect(validateAmount("9007199254740993")).toEqual({ ok: true, value: 9007199254740993n * 10n ** 18n });
    expect(validateAmount(" .5 ")).toEqual({ ok: true, value: 5n * 10n ** 17n });
    expect(validateAmount("12.", { decimals: 6 })).toEqual({ ok: true, value: 12_000_000n });
  });

  it("requires a number greater than 0", () => {
    expect(msg(validateAmount(""))).toBe("Quantity must be greater than 0");
    expect(msg(validateAmount("0"))).toBe("Quantity must be greater than 0");
    expect(msg(validateAmount("0.000"))).toBe("Quantity must be greater than 0");
    expect(msg(validateAmount("-1"))).toBe("Please enter a valid amount");
    expect(msg(validateAmount("1e3"))).toBe("Please enter a valid amount");
    expect(msg(validateAmount("1.2.3"))).toBe("Please enter a valid amount");
    expect(msg(validateAmount("0.0000000000000000001"))).toBe("Please enter a valid amount"); // 19 decimals
  });

  it("checks the allowed range (inclusive)", () => {
    const range = { min: parseEther("100"), max: parseEther("1000") };
    expect(msg(validateAmount("99.99", { range }))).toBe("The amount is outside the allowed range");
    expect(msg(validateAmount("1000.000000000000000001", { range }))).toBe(
      "The amount is outside the allowed range",
    );
    expect(validateAmount("100", { range }).ok).toBe(true);
    expect(validateAmount("1000", { range }).ok).toBe(true);
  });

  it("checks the maximum and the minimum", () => {
    expect(msg(validateAmount("51", { max: parseEther("50") }))).toBe("The amount exceeds the maximum");
    expect(validateAmount("50", { max: parseEther("50") }).ok).toBe(true);
    // arb withdrawal: more than 10 -> minimum 10 plus one wei
    const min = parseEther("10") + 1n;
    expect(msg(validateAmount("10", { min }))).toBe("Below the minimum");
    expect(validateAmount("10.01", { min }).ok).toBe(true);
  });

  it("checks the balance last", () => {
    expect(msg(validateAmount("5", { balance: parseEther("4.99") }))).toBe("Insufficient balance");
    expect(msg(validateAmount("0", { balance: 0n }))).toBe("Quantity must be greater than 0");
    expect(validateAmount("4.99", { balance: parseEther("4.99") }).ok).toBe(true);
  });

  it("speaks Chinese too", async () => {
    await i18n.changeLanguage("zh");
    expect(msg(validateAmount("0"))).toBe("数量必须大于0");
    expect(msg(validateAmount("2", { max: 1n }))).toBe("金额超过最大值");
    await i18n.changeLanguage("en");
  });
});

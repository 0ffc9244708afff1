import { afterEach, describe, expect, it } from "vitest";
import { countdown } from "./countdown";
import {
  formatAddress,
  formatAmount,
  formatUtc,
  percentFromBps,
  setFormatLocale,
  shortAddress,
} from "./format";

describe("shortAddress / formatAddress", () => {
  const addr = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

  it("keeps the first 5 and last 4 characters for the shell", () => {
    expect(shortAddress(addr)).toBe("0xf39..2266");
    expect(formatAddress(addr)).toBe("0xf39..2266");
    expect(formatAddress(addr, "shell")).toBe("0xf39..2266");
  });

  it("supports the other spec widths (10/8 and 6/5)", () => {
    expect(shortAddress(addr, 10, 8)).toBe("0xf39Fd6e5..fFb92266");
    expect(formatAddress(addr, "long")).toBe("0xf39Fd6e5..fFb92266");
    expect(shortAddress(addr, 6, 5)).toBe("0xf39F..92266");
    expect(formatAddress(addr, "compact")).toBe("0xf39F..92266");
  });

  it("leaves strings too short to abbreviate untouched", () => {
    expect(shortAddress("0x1234")).toBe("0x1234");
    expect(formatAddress("0x123456789012345678", "long")).toBe("0x123456789012345678");
  });
});

describe("formatAmount (18 decimals, no float)", () => {
  const E18 = 10n ** 18n;

  it("formats whole and fractional values exactly", () => {
    expect(formatAmount(0n)).toBe("0");
    expect(formatAmount(E18)).toBe("1");
    expect(formatAmount(15n * 10n ** 17n)).toBe("1.5");
    expect(formatAmount(1n)).toBe("0"); // 1 wei is below the 4 shown digits
    expect(formatAmount(1n, { fractionDigits: 18 })).toBe("0.000000000000000001");
  });

  it("has no float rounding errors", () => {
    // 0.1 + 0.2 in wei is exactly 0.3 (in floats it is 0.30000000000000004)
    expect(formatAmount(10n ** 17n + 2n * 10n ** 17n, { fractionDigits: 18 })).toBe("0.3");
    // 2^53 + 1 whole tokens would lose its last digit as a float
    expect(formatAmount((2n ** 53n + 1n) * E18, { grouping: false })).toBe("9007199254740993");
    // the approval amount 1e38 keeps every digit
    expect(formatAmount(10n ** 38n, { grouping: false })).toBe(`1${"0".repeat(20)}`);
  });

  it("cuts extra fraction digits instead of rounding up", () => {
    expect(formatAmount(999_999n * 10n ** 12n)).toBe("0.9999"); // 0.999999 -> 0.9999, never 1
    expect(formatAmount(123_456_789n * 10n ** 10n, { fractionDigits: 2 })).toBe("1.23");
  });

  it("groups thousands and supports other decimals and negatives", () => {
    expect(formatAmount(1_234_567n * E18 + 5n * 10n ** 16n)).toBe("1,234,567.05");
    expect(formatAmount(1_234_567n, { decimals: 6 })).toBe("1.2345");
    expect(formatAmount(-15n * 10n ** 17n)).toBe("-1.5");
    expect(formatAmount(-1n)).toBe("0");
  });
});

describe("percentFromBps", () => {
  it("formats basis points as percent without float error", () => {
    expect(percentFromBps(500n)).toBe("5");
    expect(percentFromBps(250n)).toBe("2.5");
    expect(percentFromBps(1n)).toBe("0.01");
    expect(percentFromBps(0n)).toBe("0");
  });

  it("takes the API's numbers as well as the chain's bigints", () => {
    expect(percentFromBps(500)).toBe("5");
    expect(percentFromBps(1050)).toBe("10.5");
    expect(percentFromBps(2001)).toBe("20.01");
    expect(percentFromBps(0)).toBe("0");
  });
});

describe("in the shown locale", () => {
  afterEach(() => setFormatLocale("zh-CN"));
  const E18 = 10n ** 18n;
  const amount = 1_234_567n * E18 + 5n * 10n ** 16n; // 1234567.05

  it("uses the locale's separators for amounts, keeping the cut precision; an input's text stays plain", () => {
    setFormatLocale("vi");
    expect(formatAmount(amount)).toBe("1.234.567,05");
    expect(formatAmount(999_999n * 10n ** 12n)).toBe("0,9999"); // still cut, never rounded up
    expect(formatAmount(amount, { grouping: false, fractionDigits: 18 })).toBe("1234567.05");
    setFormatLocale("id");
    expect(formatAmount(amount)).toBe("1.234.567,05");
    setFormatLocale("ko");
    expect(formatAmount(amount)).toBe("1,234,567.05");
  });

  it("writes a UTC time as the locale writes dates", () => {
    const newYear2026 = 1_767_225_600n;
    setFormatLocale("en-GB");
    expect(formatUtc(newYear2026)).toBe("1 Jan 2026, 00:00:00 UTC");
    setFormatLocale("zh-CN");
    expect(formatUtc(newYear2026)).toBe("2026年1月1日 UTC 00:00:00");
    setFormatLocale("ja");
    expect(formatUtc(newYear2026)).toMatch(/^2026\/01\/01 /);
    setFormatLocale("th"); // Thai dates count Buddhist Era years
    expect(formatUtc(newYear2026)).toContain("2569");
  });

  it("keeps a countdown's parts two digits", () => {
    setFormatLocale("th");
    expect(countdown(90_061, 0)).toEqual({
      days: "01",
      hours: "01",
      minutes: "01",
      seconds: "01",
      done: false,
    });
  });
});

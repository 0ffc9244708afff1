import { describe, expect, it } from "vitest";
import {
  type Field,
  type Values,
  diffValues,
  display,
  fromLocalInput,
  parseAddressList,
  parseInput,
  parseInputs,
  toInput,
  toInputs,
  toLocalInput,
} from "./fields";
import { formatUtc } from "../../lib/format";

const checksummed = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as const;

describe("address fields", () => {
  const f = { kind: "address" } as const;
  it("accepts a checksummed or all-lowercase address and returns it checksummed", () => {
    expect(parseInput(f, checksummed)).toEqual({ ok: true, value: checksummed });
    expect(parseInput(f, ` ${checksummed.toLowerCase()} `)).toEqual({ ok: true, value: checksummed });
  });
  it("rejects a wrong checksum, garbage and (unless allowed) the zero address", () => {
    const wrong = checksummed.replace("C51812", "c51812");
    expect(parseInput(f, wrong)).toEqual({ ok: false, message: { key: "manager.errors.checksum" } });
    expect(parseInput(f, "0x1234")).toEqual({ ok: false, message: { key: "manager.errors.address" } });
    const zero = "0x0000000000000000000000000000000000000000";
    expect(parseInput(f, zero)).toEqual({ ok: false, message: { key: "manager.errors.zeroAddress" } });
    expect(parseInput({ kind: "address", allowZero: true }, zero)).toEqual({ ok: true, value: zero });
  });
});

describe("rate fields (basis points shown in percent)", () => {
  const f = { kind: "rate", max: 1000n } as const;
  it("formats 500 bp as 5 and 1 bp as 0.01", () => {
    expect(toInput(f, 500n)).toBe("5");
    expect(toInput(f, 1n)).toBe("0.01");
    expect(toInput(f, 1234n)).toBe("12.34");
    expect(display(f, 250n)).toBe("2.5%");
  });
  it("parses percent exactly, up to two decimals, within the on-chain cap", () => {
    expect(parseInput(f, "7.5")).toEqual({ ok: true, value: 750n });
    expect(parseInput(f, "10")).toEqual({ ok: true, value: 1000n });
    expect(parseInput(f, "10.01")).toEqual({
      ok: false,
      message: { key: "manager.errors.tooHigh", values: { max: "10%" } },
    });
    expect(parseInput(f, "1.234")).toMatchObject({ ok: false, message: { key: "manager.errors.percent" } });
    expect(parseInput(f, "-1")).toMatchObject({ ok: false });
  });
});

describe("amount and integer fields", () => {
  it("parses 18-decimal amounts without floats and checks the bounds", () => {
    const f = { kind: "amount", min: 1n, max: 10n ** 27n } as const;
    expect(parseInput(f, "0.1")).toEqual({ ok: true, value: 10n ** 17n });
    expect(parseInput(f, "123456789.000000000000000001")).toEqual({
      ok: true,
      value: 123456789n * 10n ** 18n + 1n,
    });
    expect(parseInput(f, "0")).toMatchObject({ ok: false, message: { key: "manager.errors.tooLow" } });
    expect(parseInput(f, "1000000001")).toMatchObject({
      ok: false,
      message: { key: "manager.errors.tooHigh" },
    });
    expect(parseInput(f, "1e5")).toMatchObject({ ok: false, message: { key: "common.amountInvalid" } });
    expect(toInput(f, 5n * 10n ** 17n)).toBe("0.5");
  });
  it("integers: digits only, within min and max", () => {
    const f = { kind: "int", min: 1n, max: 10n } as const;
    expect(parseInput(f, "10")).toEqual({ ok: true, value: 10n });
    expect(parseInput(f, "1.5")).toMatchObject({ ok: false, message: { key: "manager.errors.integer" } });
    expect(parseInput(f, "11")).toMatchObject({
      ok: false,
      message: { key: "manager.errors.tooHigh", values: { max: "10" } },
    });
    expect(parseInput(f, "0")).toMatchObject({
      ok: false,
      message: { key: "manager.errors.tooLow", values: { min: "1" } },
    });
  });
  it("bools", () => {
    expect(parseInput({ kind: "bool" }, "true")).toEqual({ ok: true, value: true });
    expect(parseInput({ kind: "bool" }, "false")).toEqual({ ok: true, value: false });
    expect(parseInput({ kind: "bool" }, "yes")).toMatchObject({ ok: false });
  });
});

describe("time fields", () => {
  it("round-trips unix seconds through the local date-time input", () => {
    const t = 1_750_000_000n;
    const text = toLocalInput(t);
    expect(text).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);
    expect(fromLocalInput(text)).toBe(t);
    expect(parseInput({ kind: "time" }, text)).toEqual({ ok: true, value: t });
  });
  it("reads the input as local time (agrees with Date), accepts minutes only, rejects impossible dates", () => {
    expect(fromLocalInput("2025-06-30T12:00")).toBe(BigInt(new Date(2025, 5, 30, 12, 0, 0).getTime() / 1000));
    expect(fromLocalInput("2025-02-30T12:00")).toBeUndefined();
    expect(parseInput({ kind: "time" }, "tomorrow")).toMatchObject({
      ok: false,
      message: { key: "manager.errors.time" },
    });
  });
  it("empty means 0 (unset) and UTC is shown beside local time", () => {
    expect(parseInput({ kind: "time" }, "")).toEqual({ ok: true, value: 0n });
    expect(toLocalInput(0n)).toBe("");
    expect(formatUtc(1_751_284_800n)).toBe("2025年6月30日 UTC 12:00:00");
    expect(display({ kind: "time" }, 1_751_284_800n)).toContain("(2025年6月30日 UTC 12:00:00)");
  });
});

describe("forms: inputs, parsing and the diff", () => {
  const fields: Field[] = [
    { name: "lpRate", kind: "rate", max: 10_000n },
    { name: "fund", kind: "address" },
    { name: "stakeDays", kind: "int", length: 3 },
  ];
  const current: Values = { lpRate: 100n, fund: checksummed, stakeDays: [30n, 90n, 180n] };

  it("starts from the current values and, unchanged, has nothing to send", () => {
    const inputs = toInputs(fields, current);
    expect(inputs).toEqual({ lpRate: "1", fund: checksummed, stakeDays: ["30", "90", "180"] });
    const { values, errors } = parseInputs(fields, inputs);
    expect(errors).toEqual({});
    expect(diffValues(fields, current, values!)).toEqual([]);
  });

  it("lists exactly the changed scalars and array entries (addresses compared case-insensitively)", () => {
    const inputs = toInputs(fields, current);
    const { values } = parseInputs(fields, {
      ...inputs,
      lpRate: "2.5",
      fund: checksummed.toLowerCase(),
      stakeDays: ["30", "120", "180"],
    });
    expect(diffValues(fields, current, values!)).toEqual([
      { field: fields[0], from: 100n, to: 250n },
      { field: fields[2], index: 1, from: 90n, to: 120n },
    ]);
  });

  it("reports each invalid input by field (and array position) and gives no values", () => {
    const { values, errors } = parseInputs(fields, {
      lpRate: "101",
      fund: "0x12",
      stakeDays: ["1", "x", "3"],
    });
    expect(values).toBeUndefined();
    expect(Object.keys(errors).sort()).toEqual(["fund", "lpRate", "stakeDays.1"]);
  });
});

describe("address lists (priority rights, whitelist)", () => {
  const other = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
  it("splits on lines, spaces and commas, checksums and drops duplicates", () => {
    expect(parseAddressList(`${checksummed}\n${other.toLowerCase()}, ${checksummed}`)).toEqual({
      ok: true,
      value: [checksummed, other],
    });
  });
  it("names the first bad entry and refuses an empty list", () => {
    expect(parseAddressList(`${checksummed}\n0x12`)).toEqual({
      ok: false,
      message: { key: "manager.errors.listItem", values: { n: 2 } },
    });
    expect(parseAddressList(" \n ")).toMatchObject({ ok: false });
  });
});

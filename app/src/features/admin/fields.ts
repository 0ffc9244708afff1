import { type Address, formatUnits, getAddress, isAddress, parseUnits, zeroAddress } from "viem";
import type { AppMessage, I18nKey } from "../../i18n/keys";
import { RATE_DENOMINATOR, formatUtc } from "../../lib/format";

/**
 * The kinds of value a configuration field holds, and how each is typed in a form:
 * - address: checksummed (all-lowercase input is accepted and checksummed; a wrong checksum is not)
 * - rate: stored as a fraction of `denominator` (10_000 = 100%), typed in percent, capped at `max`
 * - time: unix seconds, typed as a local date and time (shown in UTC beside it); empty = 0 (unset)
 * - amount: a fixed-point token value (18 decimals), typed in whole tokens
 * - int: a plain integer (seconds, days, blocks, gas, counts)
 * - bool
 */
export type FieldKind =
  | { kind: "address"; allowZero?: boolean }
  | { kind: "rate"; denominator?: bigint; max: bigint }
  | { kind: "time" }
  | { kind: "amount"; decimals?: number; min?: bigint; max?: bigint }
  | { kind: "int"; min?: bigint; max?: bigint; unit?: "seconds" | "days" | "blocks" | "gas" }
  | { kind: "bool" };

/**
 * One field of a form: its on-chain name (struct component or argument) and kind; `length` makes it a
 * fixed array. `readOnly`: shown from the getter, never edited nor sent; `note`: a line under the input.
 */
export type Field = FieldKind & { name: string; length?: number; readOnly?: boolean; note?: I18nKey };

export type Scalar = Address | bigint | boolean;
export type FieldValue = Scalar | readonly Scalar[];
export type Values = Record<string, FieldValue>;
/** What the form inputs hold: one string per scalar, one per entry of an array field. */
export type Inputs = Record<string, string | string[]>;

export type Parsed<T> = { ok: true; value: T } | { ok: false; message: AppMessage };

const INTEGER = /^\d+$/;
const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/** Fraction digits of a percent for a power-of-ten denominator (10_000 -> 2: 12.34%). */
function percentDecimals(denominator: bigint): number {
  return Math.max(0, denominator.toString().length - 3);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** unix seconds -> `YYYY-MM-DDTHH:mm:ss` in the browser's time zone (a `datetime-local` value); 0 -> "". */
export function toLocalInput(seconds: bigint): string {
  if (seconds === 0n) return "";
  const d = new Date(Number(seconds) * 1000);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** `YYYY-MM-DDTHH:mm[:ss]` in local time -> unix seconds; undefined when it is not a real date. */
export function fromLocalInput(text: string): bigint | undefined {
  const m = LOCAL_TIME.exec(text.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(y, mo - 1, d, h, mi, s);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return undefined;
  return BigInt(Math.floor(date.getTime() / 1000));
}

/** A value as the text a form input starts with. */
export function toInput(field: FieldKind, value: Scalar): string {
  switch (field.kind) {
    case "address":
      return value as string;
    case "bool":
      return value ? "true" : "false";
    case "rate":
      return formatUnits(value as bigint, percentDecimals(field.denominator ?? RATE_DENOMINATOR));
    case "time":
      return toLocalInput(value as bigint);
    case "amount":
      return formatUnits(value as bigint, field.decimals ?? 18);
    case "int":
      return (value as bigint).toString();
  }
}

function checkRange(
  value: bigint,
  min: bigint | undefined,
  max: bigint | undefined,
  show: (v: bigint) => string,
): { ok: false; message: AppMessage } | undefined {
  if (min !== undefined && value < min)
    return { ok: false, message: { key: "manager.errors.tooLow", values: { min: show(min) } } };
  if (max !== undefined && value > max)
    return { ok: false, message: { key: "manager.errors.tooHigh", values: { max: show(max) } } };
  return undefined;
}

/** Parses and validates what was typed for one scalar of `field`. */
export function parseInput(field: FieldKind, text: string): Parsed<Scalar> {
  const input = text.trim();
  switch (field.kind) {
    case "address": {
      if (!isAddress(input, { strict: false }))
        return { ok: false, message: { key: "manager.errors.address" } };
      // mixed case must be a valid EIP-55 checksum; all lower (or upper) case carries none to check
      const body = input.slice(2);
      const mixed = body !== body.toLowerCase() && body !== body.toUpperCase();
      if (mixed && !isAddress(input, { strict: true }))
        return { ok: false, message: { key: "manager.errors.checksum" } };
      const address = getAddress(input);
      if (!field.allowZero && address === zeroAddress)
        return { ok: false, message: { key: "manager.errors.zeroAddress" } };
      return { ok: true, value: address };
    }
    case "bool":
      if (input === "true" || input === "false") return { ok: true, value: input === "true" };
      return { ok: false, message: { key: "manager.errors.bool" } };
    case "rate": {
      const denominator = field.denominator ?? RATE_DENOMINATOR;
      const digits = percentDecimals(denominator);
      if (!DECIMAL.test(input) || (input.split(".")[1] ?? "").length > digits) {
        return { ok: false, message: { key: "manager.errors.percent", values: { digits } } };
      }
      const value = parseUnits(input, digits);
      const out = checkRange(value, undefined, field.max, (v) => `${toInput(field, v)}%`);
      return out ?? { ok: true, value };
    }
    case "time": {
      if (input === "") return { ok: true, value: 0n };
      const value = fromLocalInput(input);
      return value === undefined
        ? { ok: false, message: { key: "manager.errors.time" } }
        : { ok: true, value };
    }
    case "amount": {
      const decimals = field.decimals ?? 18;
      if (!DECIMAL.test(input) || (input.split(".")[1] ?? "").length > decimals) {
        return { ok: false, message: { key: "common.amountInvalid" } };
      }
      const value = parseUnits(input, decimals);
      const out = checkRange(value, field.min, field.max, (v) => formatUnits(v, decimals));
      return out ?? { ok: true, value };
    }
    case "int": {
      if (!INTEGER.test(input)) return { ok: false, message: { key: "manager.errors.integer" } };
      const value = BigInt(input);
      const out = checkRange(value, field.min, field.max, (v) => v.toString());
      return out ?? { ok: true, value };
    }
  }
}

/** A value for people: checksummed address, `5%`, local time with UTC, a token amount, an integer. */
export function display(field: FieldKind, value: Scalar): string {
  switch (field.kind) {
    case "rate":
      return `${toInput(field, value)}%`;
    case "time":
      return value === 0n
        ? "0"
        : `${toLocalInput(value as bigint).replace("T", " ")} (${formatUtc(value as bigint)})`;
    case "address":
      return getAddress(value as string);
    default:
      return toInput(field, value);
  }
}

/** The inputs a form starts with for the current values (missing values start empty). */
export function toInputs(fields: readonly Field[], values: Partial<Values>): Inputs {
  const out: Inputs = {};
  for (const f of fields) {
    const v = values[f.name];
    if (f.length !== undefined) {
      const list = Array.isArray(v) ? (v as readonly Scalar[]) : [];
      out[f.name] = Array.from({ length: f.length }, (_, i) =>
        list[i] === undefined ? "" : toInput(f, list[i]!),
      );
    } else {
      out[f.name] = v === undefined ? "" : toInput(f, v as Scalar);
    }
  }
  return out;
}

/** A field's error, keyed `name` or `name.index` for an array entry. */
export type FieldErrors = Record<string, AppMessage>;

/** Parses every input; values only when all are valid. */
export function parseInputs(
  fields: readonly Field[],
  inputs: Inputs,
): { values?: Values; errors: FieldErrors } {
  const values: Values = {};
  const errors: FieldErrors = {};
  for (const f of fields) {
    const raw = inputs[f.name];
    if (f.length !== undefined) {
      const list = Array.isArray(raw) ? raw : [];
      const parsed: Scalar[] = [];
      for (let i = 0; i < f.length; i++) {
        const r = parseInput(f, list[i] ?? "");
        if (r.ok) parsed.push(r.value);
        else errors[`${f.name}.${i}`] = r.message;
      }
      values[f.name] = parsed;
    } else {
      const r = parseInput(f, typeof raw === "string" ? raw : "");
      if (r.ok) values[f.name] = r.value;
      else errors[f.name] = r.message;
    }
  }
  return Object.keys(errors).length === 0 ? { values, errors } : { errors };
}

/** One changed value: `index` for an entry of an array field. */
export type Change = { field: Field; index?: number; from: Scalar | undefined; to: Scalar };

function same(a: Scalar | undefined, b: Scalar): boolean {
  if (typeof a === "string" && typeof b === "string") return a.toLowerCase() === b.toLowerCase();
  return a === b;
}

/** What would change: every scalar (and array entry) whose new value differs from the current one. */
export function diffValues(fields: readonly Field[], current: Partial<Values>, next: Values): Change[] {
  const changes: Change[] = [];
  for (const f of fields) {
    const to = next[f.name];
    if (to === undefined) continue;
    const from = current[f.name];
    if (f.length !== undefined) {
      const toList = to as readonly Scalar[];
      const fromList = Array.isArray(from) ? (from as readonly Scalar[]) : [];
      toList.forEach((v, index) => {
        if (!same(fromList[index], v)) changes.push({ field: f, index, from: fromList[index], to: v });
      });
    } else if (!same(from as Scalar | undefined, to as Scalar)) {
      changes.push({ field: f, from: from as Scalar | undefined, to: to as Scalar });
    }
  }
  return changes;
}

/** Parses one address per line (or comma-separated); the error names the first bad line. */
export function parseAddressList(
  text: string,
): { ok: true; value: Address[] } | { ok: false; message: AppMessage } {
  const items = text
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length === 0) return { ok: false, message: { key: "manager.errors.address" } };
  const out: Address[] = [];
  for (const [i, item] of items.entries()) {
    const parsed = parseInput({ kind: "address" }, item);
    if (!parsed.ok) return { ok: false, message: { key: "manager.errors.listItem", values: { n: i + 1 } } };
    if (!out.includes(parsed.value as Address)) out.push(parsed.value as Address);
  }
  return { ok: true, value: out };
}

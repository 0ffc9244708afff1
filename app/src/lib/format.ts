import { formatUnits } from "viem";

/**
 * Abbreviates an address as `<first head chars>..<last tail chars>`.
 * The shell uses 5/4 (`0xf39..2266`); other places use 10/8 or 6/5.
 */
export function shortAddress(address: string, head = 5, tail = 4): string {
  if (address.length <= head + tail + 2) return address;
  return `${address.slice(0, head)}..${address.slice(-tail)}`;
}

/** The three address widths: the shell, long lists, compact cells. */
export const ADDRESS_WIDTHS = {
  shell: [5, 4],
  long: [10, 8],
  compact: [6, 5],
} as const;

export type AddressWidth = keyof typeof ADDRESS_WIDTHS;

export function formatAddress(address: string, width: AddressWidth = "shell"): string {
  const [head, tail] = ADDRESS_WIDTHS[width];
  return shortAddress(address, head, tail);
}

export type AmountFormat = {
  /** token decimals; the product's values all have 18 */
  decimals?: number;
  /** fraction digits kept (cut, never rounded up); default 4 */
  fractionDigits?: number;
  /** thousands separators in the integer part; default true */
  grouping?: boolean;
};

/**
 * A fixed-point token value (e.g. 18 decimals) as text, computed on the decimal string: no float
 * ever touches the value, so 0.1 + 0.2 stays 0.3 and 1e38 keeps every digit. Extra fraction digits
 * are cut (a balance is never shown larger than it is); trailing zeros are dropped.
 */
export function formatAmount(value: bigint, options: AmountFormat = {}): string {
  const { decimals = 18, fractionDigits = 4, grouping = true } = options;
  const negative = value < 0n;
  const text = formatUnits(negative ? -value : value, decimals);
  const [int = "0", frac = ""] = text.split(".");
  const cut = frac.slice(0, fractionDigits).replace(/0+$/, "");
  const intText = grouping ? int.replace(/\B(?=(\d{3})+(?!\d))/g, ",") : int;
  const body = cut ? `${intText}.${cut}` : intText;
  return negative && body !== "0" ? `-${body}` : body;
}

/** Basis points as a percent text without float error: 30 -> "0.3", 250 -> "2.5", 1 -> "0.01", 0 -> "0". */
export function percentFromBps(bps: bigint | number): string {
  const value = BigInt(bps);
  const whole = value / 100n;
  const frac = (value % 100n).toString().padStart(2, "0").replace(/0+$/, "");
  return frac ? `${whole}.${frac}` : whole.toString();
}

/** Basis points per whole: every contract's RATE_DENOMINATOR / FEE_DENOMINATOR. */
export const RATE_DENOMINATOR = 10_000n;

const pad = (n: number) => String(n).padStart(2, "0");

/** unix seconds -> `YYYY-MM-DD HH:mm:ss UTC`. */
export function formatUtc(seconds: bigint): string {
  const d = new Date(Number(seconds) * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())} UTC`;
}

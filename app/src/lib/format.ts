import { formatUnits } from "viem";

type LocaleFormats = {
  /** BCP 47 tag of the shown language (src/i18n sets it) */
  tag: string;
  /** its group and decimal separators (e.g. vi and id: "." and ",") */
  group: string;
  decimal: string;
  /** a date and time in UTC */
  utc: Intl.DateTimeFormat;
};

/** What numbers and dates are shown with, built once per locale (formatAmount runs on every value shown). */
function localeFormats(tag: string): LocaleFormats {
  const parts = new Intl.NumberFormat(tag).formatToParts(1234.5);
  return {
    tag,
    group: parts.find((part) => part.type === "group")?.value ?? ",",
    decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    utc: new Intl.DateTimeFormat(tag, {
      dateStyle: "medium",
      timeStyle: "long",
      timeZone: "UTC",
      hourCycle: "h23",
    }),
  };
}

let shown = localeFormats("zh-CN");

/** The BCP 47 locale numbers and dates are shown in: the shown language's (src/i18n sets it). */
export function setFormatLocale(tag: string): void {
  if (tag !== shown.tag) shown = localeFormats(tag);
}

export function formatLocale(): string {
  return shown.tag;
}

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
  /**
   * default true: the shown locale's thousands and decimal separators (1,234.5; vi 1.234,5); false:
   * the plain text an amount field takes and parses (1234.5)
   */
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
  const { group, decimal } = grouping ? shown : { group: "", decimal: "." };
  const intText = int.replace(/\B(?=(\d{3})+(?!\d))/g, group);
  const body = cut ? `${intText}${decimal}${cut}` : intText;
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

/** unix seconds as a date and time in UTC, in the shown locale: `30 Jun 2025, 12:00:00 UTC`, `2025年6月30日 UTC 12:00:00`. */
export function formatUtc(seconds: bigint): string {
  return shown.utc.format(new Date(Number(seconds) * 1000));
}

/** A date/time format in the shown locale (dates and times in the member's own time zone unless `options` name one). */
export function dateFormat(options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(shown.tag, options);
}

import { parseUnits } from "viem";
import type { AppMessage } from "../i18n/keys";

/** What an amount field accepts. Every bound is in the token's smallest unit. */
export type AmountRules = {
  /** token decimals; 18 for every token of the product */
  decimals?: number;
  /** allowed interval, inclusive: outside -> "amount outside allowed range" */
  range?: { min: bigint; max: bigint };
  /** upper bound: above -> "amount exceeds maximum" */
  max?: bigint;
  /** lower bound (withdrawals): below -> "below minimum" */
  min?: bigint;
  /** the spendable balance: above -> "balance insufficient" */
  balance?: bigint;
};

export type AmountCheck = { ok: true; value: bigint } | { ok: false; message: AppMessage };

const DECIMAL = /^(\d+\.?\d*|\.\d+)$/;

/**
 * Parses a typed amount exactly (string -> bigint, never through a float) and checks it, in the
 * spec's order: a number, greater than 0, within the range, not above the maximum, not below the
 * minimum, then not above the balance.
 */
export function validateAmount(text: string, rules: AmountRules = {}): AmountCheck {
  const decimals = rules.decimals ?? 18;
  const input = text.trim();
  if (input === "") return { ok: false, message: { key: "common.amountPositive" } };
  if (!DECIMAL.test(input)) return { ok: false, message: { key: "common.amountInvalid" } };
  const fraction = input.split(".")[1] ?? "";
  if (fraction.length > decimals) return { ok: false, message: { key: "common.amountInvalid" } };

  const value = parseUnits(input, decimals);
  if (value <= 0n) return { ok: false, message: { key: "common.amountPositive" } };
  if (rules.range && (value < rules.range.min || value > rules.range.max)) {
    return { ok: false, message: { key: "common.amountRange" } };
  }
  if (rules.max !== undefined && value > rules.max)
    return { ok: false, message: { key: "common.amountMax" } };
  if (rules.min !== undefined && value < rules.min)
    return { ok: false, message: { key: "common.amountMin" } };
  if (rules.balance !== undefined && value > rules.balance) {
    return { ok: false, message: { key: "common.balanceInsufficient" } };
  }
  return { ok: true, value };
}

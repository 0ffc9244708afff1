/** Money is bigint base units (18 decimals) in code, numeric(78,0) in SQL, decimal strings in JSON. */
import { formatUnits, parseUnits } from "viem";
import type { CreditType } from "@taichi/api";

export { CREDIT_TYPES, DECIMAL_AMOUNT_PATTERN, type CreditType } from "@taichi/api";

export const DECIMALS = 18;

export function units(text: string): bigint {
  return parseUnits(text, DECIMALS);
}

export function display(value: bigint): string {
  return formatUnits(value, DECIMALS);
}

/** Withdrawal rules per credit type (docs/machines.md). */
export const WITHDRAW_RULES: Record<CreditType, { min: bigint; inclusive: boolean }> = {
  usdt: { min: units("10"), inclusive: true },
  arb: { min: units("10"), inclusive: false },
};

/** Flat fee per withdrawal request, paid in USDT to the treasury (proven by `hash`). */
export const WITHDRAW_FEE = units("1");

/** Daily output per unit of power, in ARB base units. */
export const OUTPUT_PER_POWER = units("0.01");

/** Referral shares of a purchase, paid in USDT by the settlement (basis points, generations 1 and 2). */
export const REFERRAL_BPS = [500n, 300n] as const;

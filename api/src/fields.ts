/** Field schemas the routes' bodies and answers are made of. */
import { ADDRESS_PATTERN, HASH_PATTERN, nullable } from "./schema.ts";

/** A 20-byte hex address with `0x`; any letter case (no checksum check). Lower-case it before use. */
export const addressSchema = { type: "string", pattern: ADDRESS_PATTERN } as const;

/** A catalogue id (machine type, node level, member id). */
export const idSchema = { type: "integer", minimum: 1, maximum: 1_000_000 } as const;

/** A quantity; 0 passes the schema so the handler can say "must be greater than 0". */
export const quantitySchema = { type: "integer", minimum: 0, maximum: 1_000_000 } as const;

/** A transaction hash: `0x` + 64 hex digits, any letter case. */
export const hashSchema = { type: "string", pattern: HASH_PATTERN } as const;

export const CREDIT_TYPES = ["usdt", "arb"] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];
export const creditTypeSchema = { type: "string", enum: CREDIT_TYPES } as const;

export const pageSchema = { type: "integer", minimum: 1, maximum: 100_000, default: 1 } as const;

/** A person's name: 1 to 32 characters, no control characters. */
export const usernameSchema = {
  type: "string",
  minLength: 1,
  maxLength: 32,
  pattern: "^[^\\u0000-\\u001f\\u007f]+$",
} as const;

/** A token amount as typed by a person: digits with up to 18 decimals (`"12.5"`). */
export const DECIMAL_AMOUNT_PATTERN = "^(0|[1-9][0-9]{0,17})(\\.[0-9]{1,18})?$";
export const decimalAmountSchema = { type: "string", pattern: DECIMAL_AMOUNT_PATTERN } as const;

// Answers

/** A token amount in base units (18 decimals), as a decimal string: `"1000000000000000000"`. */
export const unitsSchema = { type: "string", pattern: "^-?[0-9]+$" } as const;
/** A whole number the server counts (ids, power, seats, totals). */
export const countSchema = { type: "integer" } as const;
/** A moment, ISO 8601 in UTC (`2025-01-02T03:04:05.000Z`). */
export const instantSchema = { type: "string" } as const;
/** A UTC calendar day, `YYYY-MM-DD`. */
export const daySchema = { type: "string", pattern: "^[0-9]{4}-[0-9]{2}-[0-9]{2}$" } as const;
/** The name a member registered with; `null` for a row written without one. */
export const memberNameSchema = nullable({ type: "string" } as const);

export const WITHDRAWAL_STATUSES = ["pending", "approved", "paid", "rejected"] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUSES)[number];
export const withdrawalStatusSchema = { type: "string", enum: WITHDRAWAL_STATUSES } as const;

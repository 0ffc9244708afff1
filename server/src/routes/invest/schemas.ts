/** Shared pieces of body schemas. */
import { DECIMAL_AMOUNT_PATTERN } from "../../lib/money.ts";

/** A 20-byte hex address with `0x`; any letter case (no checksum check). Lower-case it before use. */
export const addressSchema = {
  type: "string",
  pattern: "^0x[0-9a-fA-F]{40}$",
} as const;

/** A catalogue id (machine type, node level, member id). */
export const idSchema = { type: "integer", minimum: 1, maximum: 1_000_000 } as const;

/** A quantity; 0 passes the schema so the handler can say "must be greater than 0". */
export const quantitySchema = { type: "integer", minimum: 0, maximum: 1_000_000 } as const;

/** A transaction hash: `0x` + 64 hex digits, any letter case. */
export const hashSchema = { type: "string", pattern: "^0x[0-9a-fA-F]{64}$" } as const;

export const creditTypeSchema = { type: "string", enum: ["usdt", "arb"] } as const;

export const pageSchema = { type: "integer", minimum: 1, maximum: 100_000, default: 1 } as const;

/** A person's name: 1 to 32 characters, no control characters. */
export const usernameSchema = {
  type: "string",
  minLength: 1,
  maxLength: 32,
  pattern: "^[^\\u0000-\\u001f\\u007f]+$",
} as const;

/** A token amount as typed by a person (`"12.5"`, up to 18 decimals). */
export const decimalAmountSchema = { type: "string", pattern: DECIMAL_AMOUNT_PATTERN } as const;

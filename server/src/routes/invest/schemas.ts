/** Shared pieces of body schemas. */

/** A 20-byte hex address with `0x`; any letter case (no checksum check). Lower-case it before use. */
export const addressSchema = {
  type: "string",
  pattern: "^0x[0-9a-fA-F]{40}$",
} as const;

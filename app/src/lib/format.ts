/**
 * Abbreviates an address as `<first head chars>..<last tail chars>`.
 * The shell uses 5/4 (`0xf39..2266`); other places use 10/8 or 6/5 (spec section 9).
 */
export function shortAddress(address: string, head = 5, tail = 4): string {
  if (address.length <= head + tail + 2) return address;
  return `${address.slice(0, head)}..${address.slice(-tail)}`;
}

/** Query rules of the indexer's HTTP routes; a bad value throws `PageError` (answered 400). */

export class PageError extends Error {}

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 500;

export type Cursor = { blockNumber: bigint; logIndex: number };

/** The opaque `next` of a page: the position of its last item. */
export function encodeCursor(row: Cursor): string {
  return `${row.blockNumber}-${row.logIndex}`;
}

export function decodeCursor(text: string): Cursor {
  const match = /^(\d{1,20})-(\d{1,9})$/.exec(text);
  if (!match) throw new PageError(`before must be the next of an earlier page, got "${text}"`);
  return { blockNumber: BigInt(match[1]!), logIndex: Number(match[2]) };
}

/** `limit` (1..MAX_LIMIT, default DEFAULT_LIMIT) and `before` (a cursor) of a paged route. */
export function pageQuery(query: Record<string, string | undefined>): { limit: number; before?: Cursor } {
  const raw = query.limit;
  const limit = raw === undefined || raw === "" ? DEFAULT_LIMIT : Number(raw);
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
    throw new PageError(`limit must be a whole number from 1 to ${MAX_LIMIT}, got "${raw}"`);
  }
  return query.before ? { limit, before: decodeCursor(query.before) } : { limit };
}

/** A required whole number such as a day index or a unix time. */
export function parseUint(raw: string | undefined, name: string): bigint {
  if (raw === undefined || !/^\d{1,15}$/.test(raw)) {
    throw new PageError(`${name} must be a whole number, got "${raw}"`);
  }
  return BigInt(raw);
}

/** Most contract names one `contract` filter may list. */
export const MAX_CONTRACTS = 32;

/** `contract=A,B` (names as the deployment file spells them): those contracts only; absent or empty: every one. */
export function contractFilter(raw: string | undefined): string[] | undefined {
  if (raw === undefined || raw === "") return undefined;
  const names = raw.split(",");
  if (names.length > MAX_CONTRACTS || names.some((name) => !/^[A-Za-z][A-Za-z0-9]{0,63}$/.test(name))) {
    throw new PageError(
      `contract must be up to ${MAX_CONTRACTS} contract names separated by commas, got "${raw}"`,
    );
  }
  return names;
}

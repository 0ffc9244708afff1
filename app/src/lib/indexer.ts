/**
 * The indexer (docs/indexer.md), where `VITE_INDEXER_URL` names one: a history view in one HTTP request
 * instead of `eth_getLogs` windows. Every answer carries the block the indexer has reached, so a page
 * can say how far behind the chain it is. A failure throws `IndexerError`: the caller falls back to the
 * windowed reads.
 */
import type { AbiEvent, AbiParameter, Address, Hash, Hex } from "viem";

export class IndexerError extends Error {
  override name = "IndexerError";
}

/** The block the indexer has reached. */
export type IndexedHead = { number: bigint; timestamp: bigint };

/** Past this many blocks behind the chain a view says so (a block or two is the indexer's polling). */
export const BEHIND_NOTE_BLOCKS = 3n;

/**
 * How often a view served by the indexer asks again while the indexer trails the chain (after a
 * transaction the page refreshes at once, before the indexer has the new block): `refetchInterval` of
 * its query, given how many blocks its first page was behind.
 */
export const catchUpInterval = (behind: bigint | undefined): number | false =>
  behind !== undefined && behind > 0n ? 1_000 : false;

type Answer = { block?: { number: string; timestamp: string } | null };

/** GET `path` of the indexer at `base` as JSON, with its head; anything but a 2xx JSON answer throws. */
export async function indexerGet<T extends Answer>(
  base: string,
  path: string,
  fetcher: typeof fetch = fetch,
): Promise<T & { head: IndexedHead | undefined }> {
  let body: T;
  try {
    const response = await fetcher(`${base}${path}`);
    if (!response.ok) throw new Error(`status ${response.status}`);
    body = (await response.json()) as T;
  } catch (error) {
    throw new IndexerError(`indexer ${path}: ${(error as Error).message}`);
  }
  const head = body.block
    ? { number: BigInt(body.block.number), timestamp: BigInt(body.block.timestamp) }
    : undefined;
  return { ...body, head };
}

/** How many blocks the indexer is behind `latest` (0 when level or ahead; undefined when it has no head yet). */
export function blocksBehind(head: IndexedHead | undefined, latest: bigint): bigint | undefined {
  if (!head) return undefined;
  return latest > head.number ? latest - head.number : 0n;
}

export type IndexedTeamDay = { day: bigint; amount: bigint; users: bigint };

/** `account`'s finished team days `from`..`to` (contract day indices), oldest first. */
export async function indexedTeamDays(
  base: string,
  account: Address,
  from: bigint,
  to: bigint,
  fetcher?: typeof fetch,
): Promise<{ days: IndexedTeamDay[]; head: IndexedHead | undefined }> {
  const answer = await indexerGet<Answer & { items: { day: string; amount: string; users: string }[] }>(
    base,
    `/team/${account}/days?from=${from}&to=${to}`,
    fetcher,
  );
  const days = answer.items.map((d) => ({
    day: BigInt(d.day),
    amount: BigInt(d.amount),
    users: BigInt(d.users),
  }));
  return { days, head: answer.head };
}

/** An indexed event as `/audit` and `/activity/<account>` answer it (integers as decimal strings). */
export type IndexedEvent = {
  blockNumber: bigint;
  logIndex: number;
  timestamp: bigint;
  transactionHash: Hash;
  from: Address;
  contract: string;
  event: string;
  args: Record<string, unknown>;
};

/** One page of a history route, newest first; `next` is the `before` of the following page. */
export type IndexedPage<T> = { items: T[]; next: string | null; head: IndexedHead | undefined };

/** `path` (which may carry a query of its own) with `limit=N&before=<cursor>` of a paged route. */
const paged = (path: string, limit: number, before: string | undefined) =>
  `${path}${path.includes("?") ? "&" : "?"}limit=${limit}${before ? `&before=${encodeURIComponent(before)}` : ""}`;

type RawEvent = Omit<IndexedEvent, "blockNumber" | "timestamp"> & { blockNumber: string; timestamp: string };

/** A page of `path` (`/audit`, `/audit?contract=A,B`, `/activity/<account>`): `limit` events older than the cursor `before`. */
export async function indexedEvents(
  base: string,
  path: string,
  limit: number,
  before?: string,
  fetcher?: typeof fetch,
): Promise<IndexedPage<IndexedEvent>> {
  const answer = await indexerGet<Answer & { items: RawEvent[]; next: string | null }>(
    base,
    paged(path, limit, before),
    fetcher,
  );
  const items = answer.items.map((e) => ({
    ...e,
    blockNumber: BigInt(e.blockNumber),
    timestamp: BigInt(e.timestamp),
  }));
  return { items, next: answer.next, head: answer.head };
}

/**
 * An indexed event's arguments with the types its ABI gives them (the indexer sends integers as decimal
 * strings): what `decodeEventLog` would have returned for the log.
 */
export function typedArgs(event: AbiEvent, args: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    event.inputs.map((input, i) => [input.name ?? `${i}`, typed(input, args[input.name ?? `${i}`])]),
  );
}

function typed(param: AbiParameter, value: unknown): unknown {
  const array = /^(.*)\[\d*\]$/.exec(param.type);
  if (array) return (value as unknown[]).map((v) => typed({ ...param, type: array[1]! }, v));
  if (param.type === "tuple" && "components" in param) {
    const fields = value as Record<string, unknown>;
    return Object.fromEntries(param.components.map((c) => [c.name!, typed(c, fields[c.name!])]));
  }
  if (/^u?int\d*$/.test(param.type)) return BigInt(value as string);
  return value;
}

/** A Timelock operation as `/timelock/operations` answers it, integers read. */
export type IndexedOperation = {
  id: Hash;
  state: "queued" | "executed" | "cancelled";
  calls: { target: Address; value: bigint; data: Hex }[];
  predecessor: Hash;
  salt: Hash;
  delay: bigint;
  blockNumber: bigint;
  transactionHash: Hash;
  scheduledAt: bigint;
  /** where it ran or was cancelled */
  done: { blockNumber: bigint; transactionHash: Hash; time: bigint } | undefined;
};

type RawOperation = {
  id: Hash;
  state: IndexedOperation["state"];
  calls: { target: Address; value: string; data: Hex }[];
  predecessor: Hash;
  salt: Hash;
  delay: string;
  blockNumber: string;
  transactionHash: Hash;
  scheduledAt: string;
  doneAt: string | null;
  doneBlockNumber: string | null;
  doneTransactionHash: Hash | null;
};

function operationOf(raw: RawOperation): IndexedOperation {
  return {
    id: raw.id,
    state: raw.state,
    calls: raw.calls.map((c) => ({ target: c.target, value: BigInt(c.value), data: c.data })),
    predecessor: raw.predecessor,
    salt: raw.salt,
    delay: BigInt(raw.delay),
    blockNumber: BigInt(raw.blockNumber),
    transactionHash: raw.transactionHash,
    scheduledAt: BigInt(raw.scheduledAt),
    done:
      raw.doneBlockNumber === null || raw.doneAt === null || raw.doneTransactionHash === null
        ? undefined
        : {
            blockNumber: BigInt(raw.doneBlockNumber),
            transactionHash: raw.doneTransactionHash,
            time: BigInt(raw.doneAt),
          },
  };
}

/**
 * A page of the Timelock's operations, newest scheduled first, after the cursor `before`; the first
 * page also has `queued`: every operation still queued, however old.
 */
export async function indexedOperations(
  base: string,
  limit: number,
  before?: string,
  fetcher?: typeof fetch,
): Promise<IndexedPage<IndexedOperation> & { queued: IndexedOperation[] }> {
  const answer = await indexerGet<
    Answer & { items: RawOperation[]; queued?: RawOperation[]; next: string | null }
  >(base, paged("/timelock/operations", limit, before), fetcher);
  return {
    items: answer.items.map(operationOf),
    queued: (answer.queued ?? []).map(operationOf),
    next: answer.next,
    head: answer.head,
  };
}

/** A pair's reserves after one change (`Sync`), placed on chain. */
export type IndexedReserves = {
  blockNumber: bigint;
  logIndex: number;
  timestamp: bigint;
  reserve0: bigint;
  reserve1: bigint;
};

/** A swap on a pair, as its `Swap` event says (token0 / token1 in and out). */
export type IndexedSwap = {
  blockNumber: bigint;
  logIndex: number;
  timestamp: bigint;
  transactionHash: Hash;
  amount0In: bigint;
  amount1In: bigint;
  amount0Out: bigint;
  amount1Out: bigint;
};

type Raw<T> = { [K in keyof T]: T[K] extends bigint ? string : T[K] };

const reservesOf = (r: Raw<IndexedReserves>): IndexedReserves => ({
  blockNumber: BigInt(r.blockNumber),
  logIndex: r.logIndex,
  timestamp: BigInt(r.timestamp),
  reserve0: BigInt(r.reserve0),
  reserve1: BigInt(r.reserve1),
});

/**
 * `pair`'s reserves after every change since `since` (unix seconds), oldest first, those standing at
 * `since` (`opening`, undefined when the pair had none yet), and `account`'s swaps in that time.
 */
export async function indexedPair(
  base: string,
  pair: Address,
  since: bigint,
  account: Address | undefined,
  fetcher?: typeof fetch,
): Promise<{
  prices: IndexedReserves[];
  opening: IndexedReserves | undefined;
  swaps: IndexedSwap[];
  head: IndexedHead | undefined;
}> {
  const answer = await indexerGet<
    Answer & {
      prices: Raw<IndexedReserves>[];
      opening: Raw<IndexedReserves> | null;
      swaps: Raw<IndexedSwap>[];
    }
  >(base, `/pairs/${pair}?since=${since}${account ? `&account=${account}` : ""}`, fetcher);
  return {
    prices: answer.prices.map(reservesOf),
    opening: answer.opening ? reservesOf(answer.opening) : undefined,
    swaps: answer.swaps.map((s) => ({
      blockNumber: BigInt(s.blockNumber),
      logIndex: s.logIndex,
      timestamp: BigInt(s.timestamp),
      transactionHash: s.transactionHash,
      amount0In: BigInt(s.amount0In),
      amount1In: BigInt(s.amount1In),
      amount0Out: BigInt(s.amount0Out),
      amount1Out: BigInt(s.amount1Out),
    })),
    head: answer.head,
  };
}

/** An account registered with a referrer, as `/invitees/<referrer>` answers it. */
export type IndexedInvitee = {
  account: Address;
  blockNumber: bigint;
  timestamp: bigint;
  transactionHash: Hash;
  /** whether it has ever deposited into Staking */
  staked: boolean;
};

type RawInvitee = Raw<Omit<IndexedInvitee, "staked">> & { staked: boolean };

/**
 * A page of the accounts registered with `referrer`, newest first, older than the cursor `before`
 * (`staked`: only those who have, or have not, deposited into Staking), and how many match in all.
 */
export async function indexedInvitees(
  base: string,
  referrer: Address,
  staked: boolean | undefined,
  limit: number,
  before?: string,
  fetcher?: typeof fetch,
): Promise<IndexedPage<IndexedInvitee> & { total: bigint }> {
  const filter = staked === undefined ? "" : `?staked=${staked}`;
  const answer = await indexerGet<Answer & { items: RawInvitee[]; next: string | null; total: string }>(
    base,
    paged(`/invitees/${referrer}${filter}`, limit, before),
    fetcher,
  );
  return {
    items: answer.items.map((i) => ({
      account: i.account,
      blockNumber: BigInt(i.blockNumber),
      timestamp: BigInt(i.timestamp),
      transactionHash: i.transactionHash,
      staked: i.staked,
    })),
    next: answer.next,
    total: BigInt(answer.total),
    head: answer.head,
  };
}

import { stakingAbi } from "@taichi/contracts";
import {
  type Address,
  type Client,
  type Hash,
  type Hex,
  decodeEventLog,
  getAddress,
  hexToBigInt,
  hexToNumber,
  numberToHex,
  pad,
  toEventSelector,
} from "viem";
import { getBlock, getBlockNumber, getTransaction } from "viem/actions";
import { type IndexedEvent, blocksBehind, indexedEvents, typedArgs } from "../../lib/indexer";
import { type BlockWindow, windowEndingAt } from "../../lib/logRange";

/** The Staking events of a member's activity: each has the member as its `account`. */
export const ACTIVITY_EVENTS = [
  "Deposited",
  "Released",
  "ClosedEarly",
  "RewardCredited",
  "RewardClaimed",
] as const;
type ActivityEvent = (typeof ACTIVITY_EVENTS)[number];

const abiEvent = (name: ActivityEvent) =>
  stakingAbi.find((item) => item.type === "event" && item.name === name) as Extract<
    (typeof stakingAbi)[number],
    { type: "event" }
  >;

/** `RewardKind` of `RewardCredited`, in its order. */
export const CREDIT_KINDS = ["invite", "team", "equal"] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

type Place = {
  /** `<transaction hash>-<log index>` */
  id: string;
  blockNumber: bigint;
  logIndex: number;
  hash: Hash;
  /** block time, unix seconds (undefined when the block could not be read) */
  time: bigint | undefined;
};

/** One line of a member's activity on Staking. */
export type ActivityRow = Place &
  (
    | { kind: "deposit"; order: bigint; tier: bigint; isUSDT: boolean; paid: bigint; value: bigint }
    /** paid: principal + reward - fee, in the order's asset */
    | { kind: "release"; order: bigint; paid: bigint; fee: bigint }
    /** refund: what an early close paid back, in the order's asset; cancelled: upline income cancelled (USDT) */
    | { kind: "closeEarly"; order: bigint; refund: bigint; cancelled: bigint }
    /** from: the sender of the downline's deposit (undefined when unknown) */
    | { kind: "credit"; order: bigint; credit: CreditKind; amount: bigint; from: Address | undefined }
    | { kind: "claim"; amount: bigint }
  );

/** A decoded activity event and where it is; `from` is its transaction's sender. */
export type ActivityEventAt = Omit<Place, "id"> & {
  name: string;
  args: Record<string, unknown>;
  from: Address | undefined;
};

/** The row of one of the member's Staking events; undefined for any other event. */
export function activityRow(e: ActivityEventAt): ActivityRow | undefined {
  const place = {
    id: `${e.hash}-${e.logIndex}`,
    blockNumber: e.blockNumber,
    logIndex: e.logIndex,
    hash: e.hash,
    time: e.time,
  };
  // the arguments of the event named (stakingAbi: IStaking's events)
  const a = e.args as {
    index: bigint;
    tier: bigint;
    isUSDT: boolean;
    amount: bigint;
    actual: bigint;
    principal: bigint;
    reward: bigint;
    fee: bigint;
    kind: number;
    refund: bigint;
    cancelled: bigint;
  };
  switch (e.name) {
    case "Deposited":
      return {
        ...place,
        kind: "deposit",
        order: a.index,
        tier: a.tier,
        isUSDT: a.isUSDT,
        paid: a.actual,
        value: a.amount,
      };
    case "Released":
      return { ...place, kind: "release", order: a.index, paid: a.principal + a.reward - a.fee, fee: a.fee };
    case "ClosedEarly":
      return { ...place, kind: "closeEarly", order: a.index, refund: a.refund, cancelled: a.cancelled };
    case "RewardCredited":
      return {
        ...place,
        kind: "credit",
        order: a.index,
        credit: CREDIT_KINDS[Number(a.kind)] ?? "invite",
        amount: a.amount,
        from: e.from,
      };
    case "RewardClaimed":
      return { ...place, kind: "claim", amount: a.amount };
    default:
      return undefined;
  }
}

/** Newest first: by block, then by position in the block. */
export const newestFirst = (a: Place, b: Place) =>
  a.blockNumber === b.blockNumber ? b.logIndex - a.logIndex : a.blockNumber > b.blockNumber ? -1 : 1;

/** The rows of an indexer page of `/activity/<account>`: its Staking events (the route has others too). */
export function rowsOfIndexed(items: readonly IndexedEvent[]): ActivityRow[] {
  return items.flatMap((item) => {
    if (item.contract !== "Staking" || !(ACTIVITY_EVENTS as readonly string[]).includes(item.event))
      return [];
    const row = activityRow({
      name: item.event,
      args: typedArgs(abiEvent(item.event as ActivityEvent), item.args),
      blockNumber: item.blockNumber,
      logIndex: item.logIndex,
      hash: item.transactionHash,
      time: item.timestamp,
      from: getAddress(item.from),
    });
    return row ? [row] : [];
  });
}

/** A log as `eth_getLogs` answers it (numbers in hex). */
export type RawLog = {
  blockNumber: Hex;
  logIndex: Hex;
  transactionHash: Hash;
  topics: [Hex, ...Hex[]];
  data: Hex;
};

/** The rows of Staking logs, with their senders and block times as read (newest first). */
export function rowsOfLogs(
  logs: readonly RawLog[],
  senders: ReadonlyMap<Hash, Address | undefined>,
  times: ReadonlyMap<bigint, bigint | undefined>,
): ActivityRow[] {
  return logs
    .flatMap((log) => {
      const event = decodeEventLog({ abi: stakingAbi, data: log.data, topics: log.topics, strict: false });
      const blockNumber = hexToBigInt(log.blockNumber);
      const row = activityRow({
        name: event.eventName,
        args: (event.args ?? {}) as Record<string, unknown>,
        blockNumber,
        logIndex: hexToNumber(log.logIndex),
        hash: log.transactionHash,
        time: times.get(blockNumber),
        from: senders.get(log.transactionHash),
      });
      return row ? [row] : [];
    })
    .sort(newestFirst);
}

/** The `topics` filter of `account`'s activity events: any of their signatures, the account first. */
export function activityTopics(account: Address): [Hex[], Hex] {
  const signatures = ACTIVITY_EVENTS.map((name) => toEventSelector(abiEvent(name)));
  return [signatures, pad(account.toLowerCase() as Hex)];
}

/**
 * The reads of the activity card's fallback, as viem actions on a bare client. One `eth_getLogs` per
 * window filters on the member's topic for the five events together (viem's `getLogs` filters on
 * arguments only for one event).
 */
export function activityReads(client: Client) {
  return {
    getLogs: (filter: { address: Address; topics: [Hex[], Hex]; fromBlock: bigint; toBlock: bigint }) =>
      client.request({
        method: "eth_getLogs",
        params: [
          {
            address: filter.address,
            topics: filter.topics,
            fromBlock: numberToHex(filter.fromBlock),
            toBlock: numberToHex(filter.toBlock),
          },
        ],
      }) as Promise<RawLog[]>,
    getTransaction: (hash: Hash) => getTransaction(client, { hash }),
    getBlock: (blockNumber: bigint) => getBlock(client, { blockNumber }),
    getBlockNumber: () => getBlockNumber(client, { cacheTime: 0 }),
  };
}

/** `activityReads(client)` in the app, a fake in tests. */
export type ActivityReads = ReturnType<typeof activityReads>;

/** A page of the activity card: rows newest first and the blocks it covers; `next` and `behind` when indexed. */
export type ActivityPage = BlockWindow & {
  rows: ActivityRow[];
  /** the indexer's cursor of the next page (null: none); undefined when read from the chain */
  next?: string | null;
  /** blocks the indexer trails the chain */
  behind?: bigint | undefined;
};

/**
 * The window of `account`'s Staking activity of at most `size` blocks ending at `toBlock` (default the
 * latest), never below `floor` (Staking's deploy block): one `eth_getLogs`, then the senders of the
 * credits' deposits and the block times.
 */
export async function loadActivityWindow(
  reads: ActivityReads,
  staking: Address,
  account: Address,
  size: bigint | undefined,
  floor: bigint,
  toBlock?: bigint,
): Promise<ActivityPage> {
  const window = windowEndingAt(toBlock ?? (await reads.getBlockNumber()), size, floor);
  const logs = await reads.getLogs({ address: staking, topics: activityTopics(account), ...window });
  const credit = activityTopics(account)[0][ACTIVITY_EVENTS.indexOf("RewardCredited")];
  const hashes = [...new Set(logs.filter((l) => l.topics[0] === credit).map((l) => l.transactionHash))];
  const blocks = [...new Set(logs.map((l) => hexToBigInt(l.blockNumber)))];
  const [senders, times] = await Promise.all([
    Promise.all(
      hashes.map((h) =>
        reads.getTransaction(h).then(
          (tx) => getAddress(tx.from),
          () => undefined,
        ),
      ),
    ),
    Promise.all(
      blocks.map((b) =>
        reads.getBlock(b).then(
          (block) => block.timestamp,
          () => undefined,
        ),
      ),
    ),
  ]);
  return {
    ...window,
    rows: rowsOfLogs(
      logs,
      new Map(hashes.map((h, i) => [h, senders[i]])),
      new Map(blocks.map((b, i) => [b, times[i]])),
    ),
  };
}

/** Events per page of the indexer's `/activity/<account>`. */
export const INDEXED_ACTIVITY_PAGE = 50;

/**
 * A page of `account`'s activity from the indexer (one request; `before` is the previous page's `next`),
 * with how far the indexer trails the chain's head (read meanwhile). Throws `IndexerError` when the
 * indexer fails.
 */
export async function loadIndexedActivity(
  reads: Pick<ActivityReads, "getBlockNumber">,
  base: string,
  account: Address,
  floor: bigint,
  before?: string,
  fetcher?: typeof fetch,
): Promise<ActivityPage> {
  const [page, latest] = await Promise.all([
    indexedEvents(base, `/activity/${account}`, INDEXED_ACTIVITY_PAGE, before, fetcher),
    reads.getBlockNumber(),
  ]);
  const oldest = page.items.at(-1)?.blockNumber;
  return {
    fromBlock: page.next && oldest !== undefined ? oldest : floor,
    toBlock: page.head?.number ?? latest,
    rows: rowsOfIndexed(page.items),
    next: page.next,
    behind: blocksBehind(page.head, latest),
  };
}

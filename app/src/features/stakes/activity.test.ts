import { describe, expect, it } from "vitest";
import { type IndexedEvent, IndexerError } from "../../lib/indexer";
import {
  type ActivityRow,
  activityTopics,
  loadActivityWindow,
  loadIndexedActivity,
  rowsOfIndexed,
  rowsOfLogs,
} from "./activity";
import { ALICE, BOB, E18, EVENTS, STAKING, fakeReads, rawLogs, tx } from "./activityFixtures";

const place = (i: number) => {
  const e = EVENTS[i]!;
  return {
    id: `${e.tx}-${e.logIndex}`,
    blockNumber: e.block,
    logIndex: e.logIndex,
    hash: e.tx,
    time: e.time,
  };
};

/** What Alice's card lists, newest first (written out from the story of `EVENTS`). */
const ROWS: ActivityRow[] = [
  { ...place(3), kind: "release", order: 7n, paid: 1_530n * E18, fee: 15n * E18 },
  { ...place(2), kind: "claim", amount: 45n * 10n ** 17n },
  { ...place(1), kind: "credit", order: 9n, credit: "team", amount: 45n * 10n ** 17n, from: BOB },
  { ...place(0), kind: "deposit", order: 7n, tier: 1n, isUSDT: false, paid: 1_500n * E18, value: 300n * E18 },
];

/** The events as `/activity/<account>` answers them (integers as decimal strings), newest first. */
function indexedItems() {
  const json = (v: unknown) => (typeof v === "bigint" ? v.toString() : v);
  const staking = EVENTS.map((e) => ({
    blockNumber: e.block.toString(),
    logIndex: e.logIndex,
    timestamp: e.time.toString(),
    transactionHash: e.tx,
    from: e.from.toLowerCase(),
    contract: "Staking",
    event: e.name,
    args: Object.fromEntries(Object.entries(e.args).map(([k, v]) => [k, json(v)])),
  }));
  // the route also lists the member's presale and dividend events: not this card's
  const other = {
    ...staking[2]!,
    blockNumber: "15",
    contract: "Ido",
    event: "Claimed",
    args: { account: ALICE, amount: "1" },
  };
  return [...staking, other].sort((a, b) => Number(b.blockNumber) - Number(a.blockNumber));
}

describe("rowsOfIndexed and rowsOfLogs", () => {
  it("turn the indexer's page into the member's Staking rows, newest first, leaving other contracts out", () => {
    const page = indexedItems().map((i) => ({
      ...i,
      blockNumber: BigInt(i.blockNumber),
      timestamp: BigInt(i.timestamp),
    }));
    expect(rowsOfIndexed(page as IndexedEvent[])).toEqual(ROWS);
  });

  it("turn the same events read as logs into the same rows", () => {
    const senders = new Map(EVENTS.map((e) => [e.tx, e.from]));
    const times = new Map(EVENTS.map((e) => [e.block, e.time]));
    expect(rowsOfLogs(rawLogs(), senders, times)).toEqual(ROWS);
  });

  it("turn an early close into its row: the refund in the order's asset and the upline income cancelled", () => {
    const closed = {
      blockNumber: 21n,
      logIndex: 4,
      timestamp: 1_700_000_021n,
      transactionHash: tx(5),
      from: ALICE.toLowerCase(),
      contract: "Staking",
      event: "ClosedEarly",
      args: { account: ALICE, index: "8", refund: "99500000000000000000", cancelled: "4000000000000000000" },
    };
    expect(rowsOfIndexed([closed] as unknown as IndexedEvent[])).toEqual([
      {
        id: `${tx(5)}-4`,
        blockNumber: 21n,
        logIndex: 4,
        hash: tx(5),
        time: 1_700_000_021n,
        kind: "closeEarly",
        order: 8n,
        refund: 995n * 10n ** 17n,
        cancelled: 4n * E18,
      },
    ]);
  });

  it("leave the sender and time unknown where they could not be read", () => {
    const rows = rowsOfLogs(rawLogs(), new Map(), new Map());
    expect(rows.find((r) => r.kind === "credit")).toMatchObject({ from: undefined, time: undefined });
  });
});

describe("loadActivityWindow", () => {
  it("reads the newest window of the member's four events in one eth_getLogs, then the credits' senders", async () => {
    const { reads, filters, transactions } = fakeReads(30n);
    const page = await loadActivityWindow(reads, STAKING, ALICE, 15n, 5n);
    expect(filters).toEqual([
      { address: STAKING, topics: activityTopics(ALICE), fromBlock: 16n, toBlock: 30n },
    ]);
    expect(page).toEqual({ fromBlock: 16n, toBlock: 30n, rows: ROWS.slice(0, 1) });
    expect(transactions).toEqual([]); // a release: its sender is the member
    const older = await loadActivityWindow(reads, STAKING, ALICE, 15n, 5n, 15n);
    expect(older).toEqual({ fromBlock: 5n, toBlock: 15n, rows: ROWS.slice(1) });
    expect(transactions).toEqual([tx(2)]);
  });

  it("filters on the member's address as the first indexed argument of the five events", () => {
    const [signatures, account] = activityTopics(ALICE);
    expect(signatures).toHaveLength(5);
    expect(account).toBe(`0x000000000000000000000000${ALICE.slice(2).toLowerCase()}`);
  });
});

describe("loadIndexedActivity", () => {
  it("asks the indexer once for a page of the member's activity and says how far it trails the chain", async () => {
    const urls: string[] = [];
    const fetcher = (async (url: string) => {
      urls.push(url);
      return Response.json({ items: indexedItems(), next: "10-2", block: { number: "25", timestamp: "1" } });
    }) as typeof fetch;
    const page = await loadIndexedActivity(fakeReads(30n).reads, "http://idx", ALICE, 5n, "40-0", fetcher);
    expect(urls).toEqual([`http://idx/activity/${ALICE}?limit=50&before=40-0`]);
    expect(page).toEqual({ fromBlock: 10n, toBlock: 25n, rows: ROWS, next: "10-2", behind: 5n });
  });

  it("throws IndexerError when the indexer is down, so the card reads the chain", async () => {
    const down = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    await expect(
      loadIndexedActivity(fakeReads(30n).reads, "http://idx", ALICE, 5n, undefined, down),
    ).rejects.toThrow(IndexerError);
  });
});

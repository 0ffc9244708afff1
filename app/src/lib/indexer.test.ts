import { describe, expect, it } from "vitest";
import { nodeRewardAbi, timelockAbi } from "@taichi/contracts";
import { getAbiItem } from "viem";
import {
  IndexerError,
  blocksBehind,
  catchUpInterval,
  indexedEvents,
  indexedInvitees,
  indexedOperations,
  indexedTeamDays,
  typedArgs,
} from "./indexer";

const ACCOUNT = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

/** A fetch answering `body` with `status`, recording the URLs asked. */
function fakeFetch(status: number, body: unknown) {
  const urls: string[] = [];
  const fetcher = (async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
  }) as typeof fetch;
  return { fetcher, urls };
}

describe("indexedTeamDays", () => {
  it("asks for the account's days in one request and reads integers and the indexer's head", async () => {
    const { fetcher, urls } = fakeFetch(200, {
      items: [{ day: "20001", amount: "250000000000000000000", users: "2" }],
      block: { number: "900", timestamp: "1728000000" },
    });
    const answer = await indexedTeamDays("http://idx", ACCOUNT, 19_988n, 20_001n, fetcher);
    expect(urls).toEqual([`http://idx/team/${ACCOUNT}/days?from=19988&to=20001`]);
    expect(answer).toEqual({
      days: [{ day: 20_001n, amount: 250n * 10n ** 18n, users: 2n }],
      head: { number: 900n, timestamp: 1_728_000_000n },
    });
  });

  it("throws IndexerError when the indexer refuses or cannot be reached, so the caller falls back", async () => {
    const refused = fakeFetch(400, { code: 400, msg: "from must be a whole number" });
    await expect(indexedTeamDays("http://idx", ACCOUNT, 1n, 2n, refused.fetcher)).rejects.toThrow(
      IndexerError,
    );
    const down = (async () => {
      throw new TypeError("fetch failed");
    }) as typeof fetch;
    await expect(indexedTeamDays("http://idx", ACCOUNT, 1n, 2n, down)).rejects.toThrow(IndexerError);
  });
});

describe("catchUpInterval", () => {
  it("polls every second while the indexer trails the chain, not once it is level", () => {
    expect(catchUpInterval(1n)).toBe(1_000);
    expect(catchUpInterval(0n)).toBe(false);
    expect(catchUpInterval(undefined)).toBe(false);
  });
});

describe("blocksBehind", () => {
  it("counts the blocks between the indexer's head and the chain's, never below 0", () => {
    const head = { number: 100n, timestamp: 0n };
    expect(blocksBehind(head, 130n)).toBe(30n);
    expect(blocksBehind(head, 99n)).toBe(0n);
    expect(blocksBehind(undefined, 130n)).toBeUndefined();
  });
});

describe("indexedEvents", () => {
  it("asks for one page after the cursor and reads block numbers and times as integers", async () => {
    const { fetcher, urls } = fakeFetch(200, {
      items: [
        {
          blockNumber: "77",
          logIndex: 2,
          timestamp: "1700000000",
          transactionHash: `0x${"ab".repeat(32)}`,
          from: ACCOUNT,
          contract: "Staking",
          event: "BlacklistUpdated",
          args: { account: ACCOUNT, blacklisted: true },
        },
      ],
      next: "77-2",
      block: { number: "80", timestamp: "1700000009" },
    });
    const page = await indexedEvents("http://idx", "/audit", 50, "90-0", fetcher);
    expect(urls).toEqual(["http://idx/audit?limit=50&before=90-0"]);
    expect(page.items[0]).toMatchObject({ blockNumber: 77n, logIndex: 2, timestamp: 1_700_000_000n });
    expect(page.next).toBe("77-2");
    expect(page.head).toEqual({ number: 80n, timestamp: 1_700_000_009n });
  });
});

describe("typedArgs", () => {
  it("gives decimal strings back their integer type, in arrays and structs too, and leaves the rest", () => {
    const scheduled = getAbiItem({ abi: timelockAbi, name: "CallScheduled" });
    const id = `0x${"01".repeat(32)}`;
    expect(
      typedArgs(scheduled, {
        id,
        index: "0",
        target: ACCOUNT,
        value: "1000000000000000000000",
        data: "0x1234",
        predecessor: id,
        delay: "120",
      }),
    ).toEqual({
      id,
      index: 0n,
      target: ACCOUNT,
      value: 10n ** 21n,
      data: "0x1234",
      predecessor: id,
      delay: 120n,
    });
    const rates = getAbiItem({ abi: nodeRewardAbi, name: "RatesUpdated" });
    expect(typedArgs(rates, { rates: ["5000", "3000", "2000"] })).toEqual({ rates: [5000n, 3000n, 2000n] });
  });
});

describe("indexedOperations", () => {
  const id = `0x${"0a".repeat(32)}`;
  const raw = (state: string, done: boolean) => ({
    id,
    state,
    calls: [{ target: ACCOUNT, value: "5", data: "0x12" }],
    predecessor: `0x${"00".repeat(32)}`,
    salt: `0x${"00".repeat(31)}07`,
    delay: "120",
    blockNumber: "40",
    logIndex: 0,
    transactionHash: `0x${"cd".repeat(32)}`,
    scheduledAt: "1700000000",
    readyAt: "1700000120",
    doneAt: done ? "1700000200" : null,
    doneBlockNumber: done ? "44" : null,
    doneTransactionHash: done ? `0x${"ef".repeat(32)}` : null,
  });

  it("reads one page with every queued operation, and where each ran", async () => {
    const { fetcher, urls } = fakeFetch(200, {
      items: [raw("executed", true)],
      queued: [raw("queued", false)],
      next: null,
      block: { number: "50", timestamp: "1700000300" },
    });
    const page = await indexedOperations("http://idx", 50, undefined, fetcher);
    expect(urls).toEqual(["http://idx/timelock/operations?limit=50"]);
    expect(page.items[0]).toMatchObject({
      state: "executed",
      calls: [{ target: ACCOUNT, value: 5n, data: "0x12" }],
      delay: 120n,
      blockNumber: 40n,
      scheduledAt: 1_700_000_000n,
      done: { blockNumber: 44n, transactionHash: `0x${"ef".repeat(32)}`, time: 1_700_000_200n },
    });
    expect(page.queued).toEqual([expect.objectContaining({ state: "queued", done: undefined })]);
    expect(page.head?.number).toBe(50n);
  });
});

describe("indexedInvitees", () => {
  it("asks for one page of the referrer's invitees not staked yet and reads the total and integers", async () => {
    const { fetcher, urls } = fakeFetch(200, {
      items: [
        {
          account: ACCOUNT,
          index: "7",
          blockNumber: "120",
          logIndex: 1,
          timestamp: "1700000100",
          transactionHash: `0x${"cd".repeat(32)}`,
          staked: false,
          stakedAt: null,
        },
      ],
      next: "120-1",
      total: "31",
      block: { number: "130", timestamp: "1700000200" },
    });
    const page = await indexedInvitees("http://idx", ACCOUNT, false, 20, "200-0", fetcher);
    expect(urls).toEqual([`http://idx/invitees/${ACCOUNT}?staked=false&limit=20&before=200-0`]);
    expect(page).toEqual({
      items: [
        {
          account: ACCOUNT,
          blockNumber: 120n,
          timestamp: 1_700_000_100n,
          transactionHash: `0x${"cd".repeat(32)}`,
          staked: false,
        },
      ],
      next: "120-1",
      total: 31n,
      head: { number: 130n, timestamp: 1_700_000_200n },
    });
  });
});

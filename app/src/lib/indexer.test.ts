import { describe, expect, it } from "vitest";
import { IndexerError, blocksBehind, indexedTeamDays } from "./indexer";

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

describe("blocksBehind", () => {
  it("counts the blocks between the indexer's head and the chain's, never below 0", () => {
    const head = { number: 100n, timestamp: 0n };
    expect(blocksBehind(head, 130n)).toBe(30n);
    expect(blocksBehind(head, 99n)).toBe(0n);
    expect(blocksBehind(undefined, 130n)).toBeUndefined();
  });
});

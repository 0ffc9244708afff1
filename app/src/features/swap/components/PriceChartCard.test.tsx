import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, loadParts } from "../../../i18n";
import { PriceChartCard } from "./PriceChartCard";

// USDT's address is below the token's: USDT is the pair's token0
const { TOKEN, USDT, PAIR } = vi.hoisted(() => ({
  TOKEN: "0x9A676e781A523b5d0C0e43731313A708CB607508",
  USDT: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
  PAIR: "0x0B306BF915C4d645ff596e518fAf3F9669b97016",
}));
const ME = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

const indexer = vi.hoisted(() => ({ url: undefined as string | undefined, paths: [] as string[] }));
vi.mock("../../../lib/env", async (original) =>
  (await import("../../../lib/envFixtures")).envWithIndexerUrl(await original(), () => indexer.url),
);
vi.mock("../contracts", () => ({ swapTokens: [{ name: "SwapToken", address: TOKEN, pair: PAIR }] }));
vi.mock("../../../app/contracts", () => ({ usdt: { address: USDT } }));
vi.mock("../hooks/useTokenSymbols", () => ({ useTokenSymbols: () => ["TAI"] }));

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PriceChartCard account={ME} />
    </QueryClientProvider>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await loadParts(["swap"]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  indexer.url = undefined;
  indexer.paths = [];
});

describe("PriceChartCard", () => {
  it("without an indexer says price history needs one, and asks nothing", () => {
    const fetcher = vi.fn();
    vi.stubGlobal("fetch", fetcher);
    show();
    expect(
      screen.getByText("Price history needs the indexer, which this site does not have configured"),
    ).toBeTruthy();
    expect(screen.queryByRole("img")).toBeNull();
    expect(fetcher).not.toHaveBeenCalled();
  });

  it("draws the pair's price with the member's swap, and asks again for another period", async () => {
    indexer.url = "http://idx";
    const now = Math.floor(Date.now() / 1000);
    const E18 = 10n ** 18n;
    const reserves = (block: number, time: number, usdt: number, tokens: number, logIndex = 0) => ({
      blockNumber: String(block),
      logIndex,
      timestamp: String(time),
      reserve0: String(BigInt(usdt) * E18),
      reserve1: String(BigInt(tokens) * E18),
    });
    vi.stubGlobal("fetch", async (url: string) => {
      indexer.paths.push(url.replace("http://idx", ""));
      return Response.json({
        prices: [reserves(20, now - 600, 120, 1_000), reserves(21, now - 300, 150, 1_000)],
        opening: reserves(5, now - 200_000, 100, 1_000),
        swaps: [
          {
            blockNumber: "21",
            logIndex: 1,
            timestamp: String(now - 300),
            transactionHash: `0x${"21".repeat(32)}`,
            amount0In: String(30n * E18),
            amount1In: "0",
            amount0Out: "0",
            amount1Out: String(200n * E18),
          },
        ],
        block: { number: "21", timestamp: String(now - 300) },
      });
    });
    show();
    expect(
      await screen.findByRole("img", { name: "TAI price over 24 h: from 0.1000 to 0.1500 USDT" }),
    ).toBeTruthy();
    const marker = screen.getByTestId("swap-marker");
    expect(marker.textContent).toMatch(/^Your buy: .* UTC, 0\.1500 USDT$/);
    expect(indexer.paths).toEqual([`/pairs/${PAIR}?since=${now - 86_400}&account=${ME}`]);

    fireEvent.click(screen.getByRole("button", { name: "7 d" }));
    expect(await screen.findByRole("img", { name: /price over 7 d/ })).toBeTruthy();
    expect(indexer.paths[1]).toMatch(new RegExp(`^/pairs/${PAIR}\\?since=\\d+&account=${ME}$`));
  });

  it("says so when the indexer does not answer", async () => {
    indexer.url = "http://idx";
    vi.stubGlobal("fetch", async () => {
      throw new TypeError("fetch failed");
    });
    show();
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The indexer is not answering: price history is unavailable",
    );
  });
});

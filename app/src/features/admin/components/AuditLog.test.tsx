import { lpSwapAbi, presaleAbi } from "@taichi/contracts";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { type Address, encodeAbiParameters, encodeEventTopics } from "viem";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, loadParts } from "../../../i18n";
import { formatAddress } from "../../../lib/format";
import { alice, bob, carol, lpSwap, owner, presale, rawLog } from "../auditFixtures";
import { AuditLog } from "./AuditLog";

// A chain of 13 blocks (0-12) behind an RPC that refuses eth_getLogs over more than 5 blocks, as the
// window size `logRange` gives the page; `failBelow` makes it refuse windows starting below that block.
const rpc = vi.hoisted(() => ({ size: 5n, latest: 12n, failBelow: -1n, calls: [] as string[] }));
vi.mock("wagmi", () => ({ useClient: () => ({}) }));
// the indexer (VITE_INDEXER_URL) when a test sets one, and the paths it was asked
const indexer = vi.hoisted(() => ({ url: undefined as string | undefined, paths: [] as string[] }));
vi.mock("../../../lib/env", async (original) =>
  (await import("../../../lib/envFixtures")).envWithIndexerUrl(await original(), () => indexer.url),
);
vi.mock("../../../app/wagmi", () => ({ appChain: { id: 31337 } }));
// the manager governs the two contracts the log shows (the indexer is then asked for every event)
vi.mock("../registry", async (original) => {
  const { presale, lpSwap } = await import("../auditFixtures");
  return { ...(await original<typeof import("../registry")>()), governedContracts: () => [presale, lpSwap] };
});
vi.mock("../../../lib/logRange", async (original) => ({
  ...(await original<typeof import("../../../lib/logRange")>()),
  logRange: () => rpc.size,
}));

const managerUpdated = (block: bigint, previousManager: Address, newManager: Address) =>
  rawLog(
    presale,
    block,
    0,
    encodeEventTopics({
      abi: presaleAbi,
      eventName: "ManagerUpdated",
      args: { previousManager, newManager },
    }),
  );
const LOGS = [
  managerUpdated(5n, alice, bob), // in the second window (3-7)
  rawLog(
    lpSwap,
    9n, // in the newest window (8-12)
    0,
    encodeEventTopics({ abi: lpSwapAbi, eventName: "RatesUpdated" }),
    encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [300n, 100n]),
  ),
  managerUpdated(11n, bob, carol), // in the newest window
];

vi.mock("../reads", async (original) => {
  const actual = await original<typeof import("../reads")>();
  const reads = {
    getBlockNumber: async () => rpc.latest,
    getLogs: async ({ fromBlock, toBlock }: { fromBlock: bigint; toBlock: bigint | "latest" }) => {
      rpc.calls.push(`${fromBlock}-${toBlock}`);
      if (toBlock === "latest" || toBlock - fromBlock + 1n > rpc.size || fromBlock < rpc.failBelow) {
        throw new Error("query exceeds max block range");
      }
      return LOGS.filter((l) => l.blockNumber >= fromBlock && l.blockNumber <= toBlock);
    },
    readContract: async () => ({ algebra: 2n, dayTimes: 86_400n, lpRate: 200n, tokenRate: 100n }),
    getStorageAt: async () => undefined,
    getTransaction: async () => ({ from: owner }),
    getBlock: async ({ blockNumber }: { blockNumber: bigint }) => ({
      timestamp: 1_700_000_000n + blockNumber,
    }),
  };
  return { ...actual, adminReads: () => reads };
});

function show() {
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <AuditLog contracts={[presale, lpSwap]} />
    </QueryClientProvider>,
  );
  const log = screen.getByRole("list", { name: "Audit log" });
  const entries = () =>
    within(log)
      .queryAllByRole("listitem")
      .filter((li) => li.classList.contains("manager-audit-entry"))
      .map((li) => li.querySelector("strong")!.textContent + " #" + /#(\d+)/.exec(li.textContent!)![1]);
  return { entries };
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await loadParts(["manager"]);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  indexer.url = undefined;
  indexer.paths = [];
  rpc.calls = [];
  rpc.failBelow = -1n;
  rpc.latest = 12n;
});

describe("AuditLog paging", () => {
  it("reads the newest window first, then 'Show older' adds the window before it, newest first", async () => {
    const { entries } = show();
    await screen.findByText("Blocks 8–12");
    expect(entries()).toEqual(["Presale.ManagerUpdated #11", "LpSwap.RatesUpdated #9"]);
    expect(rpc.calls).toEqual(["8-12"]);

    fireEvent.click(screen.getByRole("button", { name: "Show older (blocks 3–7)" }));
    await screen.findByText("Blocks 3–12");
    expect(entries()).toEqual([
      "Presale.ManagerUpdated #11",
      "LpSwap.RatesUpdated #9",
      "Presale.ManagerUpdated #5",
    ]);

    // the filter works across the loaded windows
    fireEvent.change(screen.getByLabelText("Contract"), { target: { value: "Presale" } });
    expect(entries()).toEqual(["Presale.ManagerUpdated #11", "Presale.ManagerUpdated #5"]);

    // the last window reaches block 0: no admin events there, and nothing older to show
    fireEvent.click(screen.getByRole("button", { name: "Show older (blocks 0–2)" }));
    await screen.findByText("Blocks 0–12");
    expect(entries()).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /Show older/ })).toBeNull();
    expect(rpc.calls).toEqual(["8-12", "3-7", "0-2"]);
  });

  it("an empty window says which blocks it read, with or without a filter", async () => {
    rpc.latest = 4n;
    const { entries } = show();
    await screen.findByText("No admin events in blocks 0–4");
    fireEvent.change(screen.getByLabelText("Contract"), { target: { value: "LpSwap" } });
    expect(screen.getByText("No LpSwap admin events in blocks 0–4")).toBeTruthy();
    expect(entries()).toEqual([]);
    expect(screen.queryByRole("button", { name: /Show older/ })).toBeNull();
  });

  it("an RPC refusing an older window says so and keeps what was shown", async () => {
    rpc.failBelow = 3n;
    const { entries } = show();
    await screen.findByText("Blocks 8–12");
    fireEvent.click(screen.getByRole("button", { name: "Show older (blocks 3–7)" }));
    await screen.findByText("Blocks 3–12");
    fireEvent.click(screen.getByRole("button", { name: "Show older (blocks 0–2)" }));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "The RPC refused blocks 0–2 (its eth_getLogs range or history limit); the entries above stay",
    );
    expect(entries()).toHaveLength(3);
    expect(screen.getByText("Blocks 3–12")).toBeTruthy();
    // the button stays, to try again
    expect(screen.getByRole("button", { name: "Show older (blocks 0–2)" })).toBeTruthy();
  });

  it("an RPC refusing the newest window shows the error and no entries", async () => {
    rpc.failBelow = 100n;
    const { entries } = show();
    expect((await screen.findByRole("alert")).textContent).toMatch(/Could not read the events/);
    expect(entries()).toEqual([]);
  });
});

/** `/audit` items as the indexer answers them, each a Presale.ManagerUpdated in its block. */
const indexedItem = (block: number, previousManager: Address, newManager: Address) => ({
  blockNumber: String(block),
  logIndex: 0,
  timestamp: String(1_700_000_000 + block),
  transactionHash: `0x${block.toString(16).padStart(64, "0")}`,
  from: owner,
  contract: "Presale",
  event: "ManagerUpdated",
  args: { previousManager, newManager },
});

/** An indexer at http://idx answering /audit pages (newest first) with its head at `head`. */
function serveIndexer(head: number, pages: Record<string, { items: unknown[]; next: string | null }>) {
  indexer.url = "http://idx";
  vi.stubGlobal("fetch", async (url: string) => {
    const path = url.replace("http://idx", "");
    indexer.paths.push(path);
    const page = pages[path];
    if (!page) return new Response("not found", { status: 404 });
    return Response.json({ ...page, block: { number: String(head), timestamp: "1700000000" } });
  });
}

describe("AuditLog from the indexer", () => {
  it("reads pages of /audit and no logs; 'Show older' asks for the next page", async () => {
    serveIndexer(12, {
      "/audit?limit=50": { items: [indexedItem(11, bob, carol)], next: "11-0" },
      "/audit?limit=50&before=11-0": { items: [indexedItem(5, alice, bob)], next: null },
    });
    const { entries } = show();
    await screen.findByText("Blocks 11–12");
    expect(entries()).toEqual(["Presale.ManagerUpdated #11"]);
    fireEvent.click(screen.getByRole("button", { name: "Show older" }));
    await screen.findByText("Blocks 0–12");
    expect(entries()).toEqual(["Presale.ManagerUpdated #11", "Presale.ManagerUpdated #5"]);
    // the sender and time come from the indexer; no older page after the last
    expect(screen.getAllByText(formatAddress(owner, "long"))).toHaveLength(2);
    expect(screen.queryByRole("button", { name: /Show older/ })).toBeNull();
    expect(indexer.paths).toEqual(["/audit?limit=50", "/audit?limit=50&before=11-0"]);
    expect(rpc.calls).toEqual([]);
  });

  it("asks the indexer for the filtered contract's events alone, so a page is full of them", async () => {
    serveIndexer(12, {
      "/audit?limit=50": { items: [indexedItem(11, bob, carol)], next: null },
      "/audit?contract=Presale&limit=50": {
        items: [indexedItem(11, bob, carol), indexedItem(5, alice, bob)],
        next: null,
      },
    });
    const { entries } = show();
    await screen.findByText("Blocks 0–12");
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "Presale" } });
    await waitFor(() =>
      expect(entries()).toEqual(["Presale.ManagerUpdated #11", "Presale.ManagerUpdated #5"]),
    );
    expect(indexer.paths).toEqual(["/audit?limit=50", "/audit?contract=Presale&limit=50"]);
  });

  it("says how far behind the chain the indexer is", async () => {
    rpc.latest = 20n;
    serveIndexer(12, { "/audit?limit=50": { items: [indexedItem(11, bob, carol)], next: null } });
    show();
    expect(
      await screen.findByText(
        "History from the indexer, 8 blocks behind the chain: the latest events may be missing",
      ),
    ).toBeTruthy();
  });

  it("asks again while the indexer trails the chain, until it has the latest block", async () => {
    const pages = { "/audit?limit=50": { items: [indexedItem(5, alice, bob)], next: null } };
    serveIndexer(11, pages);
    const { entries } = show();
    await screen.findByText("Blocks 0–11");
    expect(entries()).toEqual(["Presale.ManagerUpdated #5"]);
    // the indexer reaches block 12 with a new event: the page shows it without a reload
    serveIndexer(12, {
      "/audit?limit=50": { items: [indexedItem(12, bob, carol), indexedItem(5, alice, bob)], next: null },
    });
    await waitFor(
      () => expect(entries()).toEqual(["Presale.ManagerUpdated #12", "Presale.ManagerUpdated #5"]),
      {
        timeout: 3_000,
      },
    );
  });

  it("falls back to the block windows when the indexer fails", async () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    serveIndexer(12, {});
    const { entries } = show();
    await screen.findByText("Blocks 8–12");
    expect(entries()).toEqual(["Presale.ManagerUpdated #11", "LpSwap.RatesUpdated #9"]);
    expect(indexer.paths).toEqual(["/audit?limit=50"]);
    expect(rpc.calls).toEqual(["8-12"]);
    expect(screen.getByRole("button", { name: "Show older (blocks 3–7)" })).toBeTruthy();
  });
});

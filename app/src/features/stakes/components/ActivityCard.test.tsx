import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, loadParts } from "../../../i18n";
import { ALICE } from "../activityFixtures";
import { ActivityCard } from "./ActivityCard";
import type { StakeOrder } from "../hooks/useStakingOrders";

// Alice's events lie in blocks 10-20 of a chain at block 30 whose RPC serves 10 blocks per eth_getLogs;
// Staking was deployed at block 5. `down` makes every read fail.
const chain = vi.hoisted(() => ({ down: false, windows: [] as string[] }));
vi.mock("wagmi", () => ({ useClient: () => ({}) }));
vi.mock("../../../app/wagmi", () => ({ appChain: { id: 31337 } }));
vi.mock("../../../lib/env", async (original) =>
  (await import("../../../lib/envFixtures")).envWithIndexerUrl(await original(), () => undefined),
);
vi.mock("../../../lib/logRange", async (original) => ({
  ...(await original<typeof import("../../../lib/logRange")>()),
  logRange: () => 10n,
}));
vi.mock("../../../lib/deployments", async (original) => ({
  ...(await original<typeof import("../../../lib/deployments")>()),
  deployBlock: () => 5n,
}));
vi.mock("../../../app/staking", () => ({
  staking: { address: "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707" },
}));
vi.mock("../activity", async (original) => {
  const activity = await original<typeof import("../activity")>();
  const { fakeReads } = await import("../activityFixtures");
  const { reads } = fakeReads(30n);
  return {
    ...activity,
    activityReads: () => ({
      ...reads,
      getLogs: async (filter: Parameters<typeof reads.getLogs>[0]) => {
        if (chain.down) throw new Error("fetch failed");
        chain.windows.push(`${filter.fromBlock}-${filter.toBlock}`);
        return reads.getLogs(filter);
      },
    }),
  };
});

/** Order 7, paid in tokens, as the page's orders read it. */
const ORDERS = [{ index: 7n, isUSDT: false }] as StakeOrder[];

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ActivityCard account={ALICE} orders={ORDERS} tiers={undefined} />
    </QueryClientProvider>,
  );
  const card = screen.getByRole("region", { name: "My activity" });
  const rows = () =>
    within(card)
      .queryAllByRole("listitem")
      .map((li) => li.firstChild!.textContent);
  return { card, rows };
}

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await loadParts(["stakes"]);
});
afterEach(() => {
  cleanup();
  chain.down = false;
  chain.windows = [];
});

describe("ActivityCard without an indexer", () => {
  it("reads the member's events a window at a time, newest first, down to Staking's deploy block", async () => {
    const { card, rows } = show();
    expect(await within(card).findByText("No activity in blocks 21–30")).toBeTruthy();
    fireEvent.click(within(card).getByRole("button", { name: "Show older (blocks 11–20)" }));
    await within(card).findByText("Blocks 11–30");
    expect(rows()).toEqual([
      "Released order #7: received 1,530 Token",
      "Claimed income 4.5 USDT",
      "Team income 4.5 USDT (order #9)",
    ]);
    fireEvent.click(within(card).getByRole("button", { name: "Show older (blocks 5–10)" }));
    await within(card).findByText("Blocks 5–30");
    expect(rows().at(-1)).toBe("Deposited order #7 (#2): paid 1,500 Token, worth 300 USDT");
    expect(within(card).queryByRole("button", { name: /Show older/ })).toBeNull();
    expect(chain.windows).toEqual(["21-30", "11-20", "5-10"]);
  });

  it("says the activity cannot be read when the RPC fails, and reads again on reload", async () => {
    chain.down = true;
    const { card } = show();
    expect((await within(card).findByRole("alert")).textContent).toContain("Your activity cannot be read");
    chain.down = false;
    fireEvent.click(within(card).getByRole("button", { name: "Reload" }));
    expect(await within(card).findByText("No activity in blocks 21–30")).toBeTruthy();
  });
});

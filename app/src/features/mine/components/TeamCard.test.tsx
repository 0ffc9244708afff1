import { QueryClient, QueryClientProvider, type UseQueryResult } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { Address } from "viem";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, loadParts } from "../../../i18n";
import type { RecommendList, TeamInfo } from "../api";
import { TeamCard } from "./TeamCard";

const PAGE_SIZE = 100;
const me: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** The backend's recommendList over `total` referrals of member `userId`, 100 a page, oldest first. */
const backend = vi.hoisted(() => ({
  totals: new Map<number, number>(),
  calls: [] as { userId: number | undefined; page: number }[],
}));
vi.mock("../api", () => ({
  mineApi: {
    recommendList: async (userId: number | undefined, page: number): Promise<RecommendList> => {
      backend.calls.push({ userId, page });
      const owner = userId ?? 1;
      const total = backend.totals.get(owner) ?? 0;
      const first = (page - 1) * PAGE_SIZE;
      const count = Math.max(0, Math.min(PAGE_SIZE, total - first));
      return {
        userId: owner,
        page,
        pageSize: PAGE_SIZE,
        total,
        list: Array.from({ length: count }, (_, i) => ({
          userId: owner * 1000 + first + i + 1,
          address: `0x${(owner * 1000 + first + i + 1).toString(16).padStart(40, "0")}` as Address,
          username: `m${owner}-${first + i + 1}`,
          power: 0,
          directCount: i === 0 ? 3 : 0,
          createdAt: "2026-01-01T00:00:00.000Z",
        })),
      };
    },
  },
}));

const team = { isError: false, data: {} as TeamInfo } as UseQueryResult<TeamInfo>;

function renderCard() {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <TeamCard address={me} team={team} />
    </QueryClientProvider>,
  );
}

const names = () =>
  within(screen.getByRole("region", { name: "My team" }))
    .getAllByRole("listitem")
    .map((li) => li.querySelector("strong")!.textContent);

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await loadParts(["mine"]);
});
afterEach(() => {
  cleanup();
  backend.calls = [];
  backend.totals.clear();
});

describe("/mine direct referrals, a page at a time", () => {
  it("shows the first 100 of 230, loads the next pages on 'Load more', then says there are no more", async () => {
    backend.totals.set(1, 230);
    renderCard();
    expect(await screen.findByText("230 direct referrals")).toBeTruthy();
    expect(names()).toHaveLength(100);
    expect(screen.queryByText("No more")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await vi.waitFor(() => expect(names()).toHaveLength(200));
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await vi.waitFor(() => expect(names()).toHaveLength(230));

    // every referral once, in the backend's order
    expect(names()).toEqual(Array.from({ length: 230 }, (_, i) => `m1-${i + 1}`));
    expect(screen.getByText("No more")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
    expect(backend.calls.map((c) => c.page)).toEqual([1, 2, 3]);
  });

  it("exactly one full page has no 'Load more'", async () => {
    backend.totals.set(1, 100);
    renderCard();
    expect(await screen.findByText("100 direct referrals")).toBeTruthy();
    expect(names()).toHaveLength(100);
    expect(screen.getByText("No more")).toBeTruthy();
    expect(backend.calls).toEqual([{ userId: undefined, page: 1 }]);
  });

  it("a referral's own referrals page from their first page, and Back returns to mine", async () => {
    backend.totals.set(1, 150);
    backend.totals.set(1001, 1);
    renderCard();
    await screen.findByText("150 direct referrals");
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    await vi.waitFor(() => expect(names()).toHaveLength(150));

    fireEvent.click(screen.getByRole("button", { name: "Referrals of m1-1" }));
    expect(await screen.findByText("1 direct referral")).toBeTruthy();
    expect(names()).toEqual(["m1001-1"]);
    expect(backend.calls.at(-1)).toEqual({ userId: 1001, page: 1 });

    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    expect(await screen.findByText("150 direct referrals")).toBeTruthy();
    expect(names()).toHaveLength(150);
  });
});

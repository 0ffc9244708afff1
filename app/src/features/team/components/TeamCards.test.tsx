import type { ReactNode } from "react";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18n, loadParts } from "../../../i18n";
import { LevelTableCard, TeamChartCard, TeamStatsCard } from "./TeamCards";

const E = 10n ** 18n;
const days = [
  { day: 20_000n, amount: 0n, users: 0n },
  { day: 20_001n, amount: 250n * E, users: 2n },
];

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await loadParts(["team"]);
});
afterEach(cleanup);

describe("TeamChartCard", () => {
  it("draws a bar per day named by its date, deposits and new members", () => {
    render(
      <TeamChartCard
        data={{ days, isError: false, historyError: false, behind: undefined }}
        dayTimes={86_400n}
      />,
    );
    const bars = screen.getAllByRole("listitem");
    expect(bars.map((b) => b.getAttribute("aria-label"))).toEqual([
      "04/10: 0 USDT, 0 new team members",
      "05/10: 250 USDT, 2 new team members",
    ]);
    expect(screen.queryByText(/could not be read/)).toBeNull();
  });

  it("says so when the earlier days' logs could not be read, and still shows the latest day", () => {
    render(
      <TeamChartCard
        data={{ days, isError: false, historyError: true, behind: undefined }}
        dayTimes={86_400n}
      />,
    );
    expect(screen.getAllByRole("listitem")).toHaveLength(2);
    expect(
      screen.getByText(
        "Earlier days could not be read from the RPC node: only the latest active day is shown",
      ),
    ).toBeTruthy();
  });

  it("says how far behind the chain the indexer is once it trails by more than its polling", () => {
    const chart = (behind: bigint) => (
      <TeamChartCard data={{ days, isError: false, historyError: false, behind }} dayTimes={86_400n} />
    );
    const { rerender } = render(chart(2n));
    expect(screen.queryByText(/behind the chain/)).toBeNull();
    rerender(chart(1234n));
    expect(
      screen.getByText(
        "History from the indexer, 1234 blocks behind the chain: the latest days may be missing",
      ),
    ).toBeTruthy();
  });
});

describe("LevelTableCard", () => {
  it("says the level table could not be read (with a retry) instead of loading forever", () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <LevelTableCard rows={undefined} myLevel={undefined} isError />
      </QueryClientProvider>,
    );
    expect(screen.queryByRole("status", { name: "Loading..." })).toBeNull();
    expect(screen.getByRole("alert").textContent).toContain("Network error");
    expect(screen.getByRole("button", { name: "Retry" })).toBeTruthy();
  });
});

describe("TeamStatsCard", () => {
  const withQueries = (card: ReactNode) => (
    <QueryClientProvider client={new QueryClient()}>{card}</QueryClientProvider>
  );

  it("shows its seven labels while the team is read, each value a placeholder in its row", () => {
    render(withQueries(<TeamStatsCard data={{ team: undefined, user: undefined, isError: false }} />));
    const labels = screen.getAllByRole("term").map((dt) => dt.textContent);
    expect(labels).toEqual([
      "Direct invites",
      "Valid invites",
      "Team members",
      "Team volume",
      "Largest leg",
      "Other legs",
      "Team income",
    ]);
    for (const value of screen.getAllByRole("definition")) {
      expect(value.querySelector('[role="status"]')?.getAttribute("aria-label")).toBe("Loading...");
    }
  });

  it("says the team could not be read (with a retry) instead of placeholders that never fill", () => {
    render(withQueries(<TeamStatsCard data={{ team: undefined, user: undefined, isError: true }} />));
    expect(screen.queryByRole("status", { name: "Loading..." })).toBeNull();
    expect(screen.queryByRole("term")).toBeNull();
    expect(screen.getByRole("alert").textContent).toContain("Network error");
  });
});

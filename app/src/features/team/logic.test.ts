import { describe, expect, it } from "vitest";
import { chartBars, chartDays, levelRows, mergeTeamDays, nextLevel, teamLogsFromBlock } from "./logic";

const E = 10n ** 18n;
const rows = levelRows({
  inviteValids: [1n, 2n, 3n],
  teamAmounts: [1000n * E, 5000n * E, 10_000n * E],
  teamRates: [200n, 400n, 600n],
});

describe("team levels", () => {
  it("numbers the rows from 1", () => {
    expect(rows[0]).toEqual({ level: 1, inviteValids: 1n, teamAmount: 1000n * E, rate: 200n });
    expect(rows).toHaveLength(3);
  });

  it("the next level and what is missing", () => {
    expect(nextLevel(rows, { level: 0n, inviteValids: 0n, teamAmount: 400n * E })).toEqual({
      level: 1,
      needInvites: 1n,
      needAmount: 1000n * E,
      missingInvites: 1n,
      missingAmount: 600n * E,
    });
    // a manual level above the volume: the next one is still the one above it
    expect(nextLevel(rows, { level: 2n, inviteValids: 5n, teamAmount: 0n })).toMatchObject({
      level: 3,
      missingInvites: 0n,
      missingAmount: 10_000n * E,
    });
    expect(nextLevel(rows, { level: 3n, inviteValids: 9n, teamAmount: 0n })).toBeUndefined();
  });
});

describe("team chart", () => {
  it("lists the last 14 days up to today, never before day 0", () => {
    expect(chartDays(100n)).toEqual(Array.from({ length: 14 }, (_, i) => BigInt(87 + i)));
    expect(chartDays(2n)).toEqual([0n, 1n, 2n]);
    expect(chartDays(5n, 3)).toEqual([3n, 4n, 5n]);
  });

  it("scales bars to the largest day and keeps small deposits visible", () => {
    const bars = chartBars([
      { day: 1n, amount: 0n, users: 0n },
      { day: 2n, amount: 400n * E, users: 2n },
      { day: 3n, amount: 100n * E, users: 1n },
      { day: 4n, amount: 1n, users: 0n },
      { day: 5n, amount: 0n, users: 1n },
    ]);
    expect(bars?.map((b) => b.height)).toEqual([0, 1, 0.25, 0.02, 0]);
    expect(bars?.[1]).toMatchObject({ day: 2n, amount: 400n * E, users: 2n });
  });

  it("has no bars when nothing happened (the empty state)", () => {
    expect(chartBars([{ day: 1n, amount: 0n, users: 0n }])).toBeUndefined();
    expect(chartBars([])).toBeUndefined();
  });
});

describe("team chart history", () => {
  const U = 10n ** 12n; // the contract counts day amounts in micro-USDT
  const zero = (day: bigint) => ({ day, amount: 0n, users: 0n });
  const days = chartDays(20n); // 7..20

  it("takes earlier days from the TeamDay logs and the latest active day from the views", () => {
    const views = days.map((day) => (day === 20n ? { day, amount: 50n * E, users: 2n } : zero(day)));
    const logs = [
      { day: 3n, amount: 9n * E, users: 1n }, // before the chart: left out
      { day: 10n, amount: 100n * E, users: 1n },
      { day: 18n, amount: 123_456_789n * U, users: 0n },
    ];
    const merged = mergeTeamDays(days, views, logs);
    expect(merged.map((d) => d.day)).toEqual(days);
    expect(merged.find((d) => d.day === 10n)).toEqual({ day: 10n, amount: 100n * E, users: 1n });
    expect(merged.find((d) => d.day === 18n)).toEqual({ day: 18n, amount: 123_456_789n * U, users: 0n });
    expect(merged.at(-1)).toEqual({ day: 20n, amount: 50n * E, users: 2n });
    // days without activity are 0
    expect(merged.filter((d) => d.amount === 0n && d.users === 0n)).toHaveLength(11);
  });

  it("the latest active day can be before today (nothing logged it yet)", () => {
    const views = days.map((day) => (day === 15n ? { day, amount: 7n * E, users: 1n } : zero(day)));
    const merged = mergeTeamDays(days, views, [{ day: 12n, amount: E, users: 1n }]);
    expect(merged.filter((d) => d.amount > 0n).map((d) => [d.day, d.amount])).toEqual([
      [12n, E],
      [15n, 7n * E],
    ]);
    expect(merged.at(-1)).toEqual(zero(20n));
  });

  it("the view wins for the day it answers; a day logged twice counts once (the last log)", () => {
    const views = [{ day: 20n, amount: 5n * E, users: 1n }];
    const logs = [
      { day: 19n, amount: 1n * E, users: 1n },
      { day: 19n, amount: 3n * E, users: 2n },
      { day: 20n, amount: 4n * E, users: 9n },
    ];
    const merged = mergeTeamDays([20n, 19n], views, logs);
    expect(merged).toEqual([
      { day: 19n, amount: 3n * E, users: 2n },
      { day: 20n, amount: 5n * E, users: 1n },
    ]);
  });

  it("a day with only new members (no amount) still answers", () => {
    const merged = mergeTeamDays(
      [1n, 2n],
      [{ day: 2n, amount: 0n, users: 1n }],
      [{ day: 2n, amount: E, users: 3n }],
    );
    expect(merged[1]).toEqual({ day: 2n, amount: 0n, users: 1n });
  });

  it("no activity at all: every day 0 (the empty state)", () => {
    const merged = mergeTeamDays(days, days.map(zero), []);
    expect(merged).toEqual(days.map(zero));
    expect(chartBars(merged)).toBeUndefined();
  });

  it("bounds the log range on chains with a range limit to the chart's days plus one", () => {
    // 15 days of 1-day dayTimes at 0.75 s a block
    expect(teamLogsFromBlock(50_000_000n, 86_400n, 0.75)).toBe(50_000_000n - 1_728_000n);
    expect(teamLogsFromBlock(1_000n, 86_400n, 0.75)).toBe(0n);
    expect(teamLogsFromBlock(10_000n, 60n, 3, 2)).toBe(10_000n - 60n);
  });
});

import { describe, expect, it } from "vitest";
import { chartBars, chartDays, levelRows, nextLevel } from "./logic";

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

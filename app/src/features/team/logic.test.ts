import { describe, expect, it } from "vitest";
import { levelRows, nextLevel } from "./logic";

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

import { describe, expect, it } from "vitest";
import { CONTRACT_MUTATIONS, contractRecord } from "./contracts.ts";

const [first, second] = CONTRACT_MUTATIONS.map((m) => m.name);

describe("the contract mutations' record (what npm run bench -- mutation prints)", () => {
  it("counts the killed of those run, of all defined", () => {
    const record = contractRecord(
      undefined,
      [
        { mutation: first!, outcome: "killed", failing: 1, killedBy: ["test_release_reentryRefused"] },
        { mutation: second!, outcome: "SURVIVED", failing: 0 },
      ],
      "2026-11-27T20:00:00.000Z",
    );
    expect(record).toMatchObject({ killed: 1, total: 2, defined: CONTRACT_MUTATIONS.length });
    expect(record.mutations[first!]!.killedBy).toEqual(["test_release_reentryRefused"]);
    expect(record.mutations[second!]).toEqual({
      outcome: "SURVIVED",
      failing: 0,
      at: "2026-11-27T20:00:00.000Z",
    });
  });

  it("a later run of some keeps the others' outcomes, replaces its own, and drops mutations no longer defined", () => {
    const earlier = contractRecord(
      undefined,
      [
        { mutation: first!, outcome: "killed", failing: 3 },
        { mutation: second!, outcome: "SURVIVED", failing: 0 },
      ],
      "2026-11-27T20:00:00.000Z",
    );
    earlier.mutations["a mutation since removed"] = { outcome: "killed", failing: 1, at: earlier.at };
    const later = contractRecord(
      earlier,
      [{ mutation: second!, outcome: "killed", failing: 1 }],
      "2026-11-28T09:00:00.000Z",
    );
    expect(later).toMatchObject({ killed: 2, total: 2, at: "2026-11-28T09:00:00.000Z" });
    expect(later.mutations[first!]!.at).toBe("2026-11-27T20:00:00.000Z");
    expect(Object.keys(later.mutations)).toEqual([first, second]);
  });
});

import { describe, expect, it } from "vitest";
import { announcementOf } from "./announcement";

describe("announcementOf: the change a contract announced", () => {
  const impl = "0x00000000000000000000000000000000000000a1" as const;
  const owner = "0x00000000000000000000000000000000000000b2" as const;
  const zero = "0x0000000000000000000000000000000000000000" as const;
  const WINDOW = 259_200n;

  it("reads no announcement when readyAt is 0 or either read is missing", () => {
    expect(announcementOf([zero, zero, 0n], WINDOW)).toBeUndefined();
    expect(announcementOf(undefined, WINDOW)).toBeUndefined();
    expect(announcementOf([impl, zero, 1_000_000n], undefined)).toBeUndefined();
  });

  it("names the upgrade and/or the transfer, zero addresses left out, dated from readyAt - EXIT_WINDOW", () => {
    expect(announcementOf([impl, zero, 1_000_000n], WINDOW)).toEqual({
      implementation: impl,
      newOwner: undefined,
      announcedAt: 1_000_000n - WINDOW,
      readyAt: 1_000_000n,
    });
    expect(announcementOf([zero, owner, 500_000n], WINDOW)).toEqual({
      implementation: undefined,
      newOwner: owner,
      announcedAt: 500_000n - WINDOW,
      readyAt: 500_000n,
    });
  });
});

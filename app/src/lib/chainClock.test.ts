import { describe, expect, it } from "vitest";
import { chainNow } from "./chainClock";

describe("chainNow", () => {
  it("uses the local clock without a block time or when the chain is behind", () => {
    expect(chainNow(1000, undefined, undefined)).toBe(1000);
    expect(chainNow(1000, 900, 990)).toBe(1000);
  });
  it("follows a chain that runs ahead (time travel), advancing with the clock", () => {
    expect(chainNow(1000, 5000, 990)).toBe(5010);
  });
});

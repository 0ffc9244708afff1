import { describe, expect, it } from "vitest";
import { coveredFromBlock, inviteLink, registrationCoverage } from "./logic";

describe("inviteLink", () => {
  it("is <origin>/?code=<address>, whatever slashes the origin ends with", () => {
    const a = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect(inviteLink("https://taichi.example", a)).toBe(`https://taichi.example/?code=${a}`);
    expect(inviteLink("http://127.0.0.1:5173/", a)).toBe(`http://127.0.0.1:5173/?code=${a}`);
    expect(inviteLink("https://taichi.example//", a)).toBe(`https://taichi.example/?code=${a}`);
  });
});

describe("registrationCoverage", () => {
  it("is the newest windows the RPC accepts, in blocks and whole hours, on a capped chain", () => {
    // BSC: 8 requests of 5,000 blocks of 0.45 s = 40,000 blocks, 5 hours
    expect(registrationCoverage(5_000n, 0.45, 8)).toEqual({ blocks: 40_000n, hours: 5 });
    // a larger VITE_LOG_RANGE reaches further back: 8 x 100,000 blocks = 100 hours
    expect(registrationCoverage(100_000n, 0.45, 8)).toEqual({ blocks: 800_000n, hours: 100 });
  });

  it("is every block (undefined) where nothing caps the range", () => {
    expect(registrationCoverage(undefined, undefined, 8)).toBeUndefined();
    expect(registrationCoverage(5_000n, undefined, 8)).toBeUndefined();
    expect(registrationCoverage(undefined, 0.45, 8)).toBeUndefined(); // a block time known, no cap
  });
});

describe("coveredFromBlock", () => {
  it("starts the newest blocks at latest - blocks + 1, never before the deploy block", () => {
    expect(coveredFromBlock(100_000n, 40_000n, 10n)).toBe(60_001n);
    expect(coveredFromBlock(30_000n, 40_000n, 1_234n)).toBe(1_234n);
  });
});

import { zeroAddress } from "viem";
import { describe, expect, it } from "vitest";
import { inviteCodeFromSearch } from "./inviteCode";
import { toInviteCode } from "./inviteCode";

const lower = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const checksummed = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

describe("inviteCodeFromSearch", () => {
  it("reads ?code=<address> and checksums it", () => {
    expect(inviteCodeFromSearch(`?code=${lower}`)).toBe(checksummed);
    expect(inviteCodeFromSearch(`?foo=1&code=${checksummed}&bar=2`)).toBe(checksummed);
  });

  it("ignores a missing, empty or invalid code", () => {
    expect(inviteCodeFromSearch("")).toBeUndefined();
    expect(inviteCodeFromSearch("?code=")).toBeUndefined();
    expect(inviteCodeFromSearch("?code=not-an-address")).toBeUndefined();
    expect(inviteCodeFromSearch("?code=0x1234")).toBeUndefined();
  });
});

describe("toInviteCode (stored value)", () => {
  it("defaults to the zero address", () => {
    expect(toInviteCode(null)).toBe(zeroAddress);
    expect(toInviteCode("garbage")).toBe(zeroAddress);
  });

  it("keeps a valid address, checksummed", () => {
    expect(toInviteCode(lower)).toBe(checksummed);
  });
});

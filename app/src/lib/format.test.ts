import { describe, expect, it } from "vitest";
import { shortAddress } from "./format";

describe("shortAddress", () => {
  const addr = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

  it("keeps the first 5 and last 4 characters for the shell", () => {
    expect(shortAddress(addr)).toBe("0xf39..2266");
  });

  it("supports the other spec widths (10/8 and 6/5)", () => {
    expect(shortAddress(addr, 10, 8)).toBe("0xf39Fd6e5..fFb92266");
    expect(shortAddress(addr, 6, 5)).toBe("0xf39F..92266");
  });

  it("leaves strings too short to abbreviate untouched", () => {
    expect(shortAddress("0x1234")).toBe("0x1234");
  });
});

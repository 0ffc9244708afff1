import { describe, expect, it } from "vitest";
import { inviteLink } from "./logic";

describe("inviteLink", () => {
  it("is <origin>/?code=<address>", () => {
    const a = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
    expect(inviteLink("https://taichi.example", a)).toBe(`https://taichi.example/?code=${a}`);
    expect(inviteLink("http://127.0.0.1:5173/", a)).toBe(`http://127.0.0.1:5173/?code=${a}`);
  });
});

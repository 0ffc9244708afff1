import { describe, expect, it } from "vitest";
import { walletChangeAction } from "./walletEvents";

const A = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const B = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
const connected = (address: string, chainId: number) => ({ status: "connected", address, chainId });

describe("walletChangeAction", () => {
  it("another account while connected -> drop the login token and reload", () => {
    expect(walletChangeAction(connected(A, 31337), connected(B, 31337), false)).toBe("logout-reload");
  });

  it("another chain while connected -> reload, unless the app asked for the switch", () => {
    expect(walletChangeAction(connected(A, 31337), connected(A, 56), false)).toBe("reload");
    expect(walletChangeAction(connected(A, 1), connected(A, 31337), true)).toBe("none");
  });

  it("connecting, restoring the session on load, disconnecting and no-op updates change nothing", () => {
    expect(walletChangeAction({ status: "connecting" }, connected(A, 31337), false)).toBe("none");
    expect(walletChangeAction({ status: "reconnecting" }, connected(B, 56), false)).toBe("none");
    expect(walletChangeAction(connected(A, 31337), { status: "disconnected" }, false)).toBe("none");
    expect(walletChangeAction(connected(A, 31337), connected(A.toLowerCase(), 31337), false)).toBe("none");
  });
});

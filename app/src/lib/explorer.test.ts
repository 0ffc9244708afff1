import type { Hash } from "viem";
import { describe, expect, it } from "vitest";
import { explorerFor, explorerTxUrl } from "./explorer";

const hash = `0x${"ab".repeat(32)}` as Hash;

describe("explorer", () => {
  it("links to BscScan on BSC mainnet and testnet only", () => {
    expect(explorerTxUrl(56, hash)).toBe(`https://bscscan.com/tx/${hash}`);
    expect(explorerTxUrl(97, hash)).toBe(`https://testnet.bscscan.com/tx/${hash}`);
    expect(explorerTxUrl(31337, hash)).toBeUndefined(); // the tests' app chain, no VITE_EXPLORER_URL
  });

  it("reviews approvals on BscScan's token approval checker of each network; the local chain has none", () => {
    expect(explorerFor(56)?.approvals).toBe("https://bscscan.com/tokenapprovalchecker");
    expect(explorerFor(97)?.approvals).toBe("https://testnet.bscscan.com/tokenapprovalchecker");
    expect(explorerFor(31337)).toBeUndefined();
  });

  it("a configured explorer replaces the chain's address, and gives the local chain one", () => {
    expect(explorerFor(31337, "http://127.0.0.1:5100")).toEqual({ url: "http://127.0.0.1:5100" });
    expect(explorerFor(56, "https://bsc.example")).toEqual({
      url: "https://bsc.example",
      approvals: "https://bscscan.com/tokenapprovalchecker",
    });
  });
});

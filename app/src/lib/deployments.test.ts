import { describe, expect, it, vi } from "vitest";
import { deploymentsFromModules, parseDeployment } from "./deployments";

describe("deployment files", () => {
  it("parses { chainId, contracts } and checksums addresses", () => {
    const d = parseDeployment({
      chainId: 31337,
      contracts: { Presale: "0x0165878a594ca255338adfa4d48449f69242eb8f" },
    });
    expect(d).toEqual({
      chainId: 31337,
      contracts: { Presale: "0x0165878A594ca255338adfa4d48449f69242Eb8F" },
      blocks: {},
    });
  });

  it("reads the block each contract was deployed in", () => {
    const d = parseDeployment({
      chainId: 31337,
      contracts: { Presale: "0x0165878a594ca255338adfa4d48449f69242eb8f" },
      blocks: { Presale: 12 },
    });
    expect(d?.blocks).toEqual({ Presale: 12n });
  });

  it("drops malformed files and entries instead of throwing", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    expect(parseDeployment(null)).toBeUndefined();
    expect(parseDeployment({ contracts: {} })).toBeUndefined();
    expect(parseDeployment({ chainId: 97, contracts: { Presale: "nope" }, blocks: { Presale: -1 } })).toEqual(
      {
        chainId: 97,
        contracts: {},
        blocks: {},
      },
    );
    expect(spy).toHaveBeenCalled();
  });

  it("keeps the DEX's fee and pair hash the deploy recorded; a malformed one leaves none (the exchange stays off)", () => {
    const spy = vi.spyOn(console, "error").mockImplementation(() => {});
    const initCodeHash = `0x${"ab".repeat(32)}`;
    expect(parseDeployment({ chainId: 56, contracts: {}, dex: { feeBps: 25, initCodeHash } })?.dex).toEqual({
      feeBps: 25,
      initCodeHash,
    });
    expect(spy).not.toHaveBeenCalled();
    for (const dex of [
      { feeBps: "25", initCodeHash },
      { feeBps: 25, initCodeHash: "0x12" },
      { feeBps: 2.5, initCodeHash },
    ]) {
      expect(parseDeployment({ chainId: 56, contracts: {}, dex })?.dex).toBeUndefined();
    }
    expect(spy).toHaveBeenCalledTimes(3);
  });

  it("keys the map by chainId; a missing chain is simply absent", () => {
    const map = deploymentsFromModules({
      "../../../deployments/97.json": { chainId: 97, contracts: {} },
    });
    expect(map.has(97)).toBe(true);
    expect(map.get(56)).toBeUndefined();
  });
});

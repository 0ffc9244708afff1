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

  it("keys the map by chainId; a missing chain is simply absent", () => {
    const map = deploymentsFromModules({
      "../../../deployments/97.json": { chainId: 97, contracts: {} },
    });
    expect(map.has(97)).toBe(true);
    expect(map.get(56)).toBeUndefined();
  });
});

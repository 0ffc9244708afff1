import { idoAbi, multicall3Abi, presaleAbi } from "@taichi/contracts";
import { describe, expect, it } from "vitest";
import { idoViewsAbi, multicall3ViewsAbi, presaleViewsAbi } from "./contractViews";

describe("contract views", () => {
  it.each([
    ["Presale", presaleViewsAbi, presaleAbi],
    ["Ido", idoViewsAbi, idoAbi],
    ["Multicall3", multicall3ViewsAbi, multicall3Abi],
  ] as const)("%s: each function is the generated ABI's", (_, views, full) => {
    for (const fragment of views) {
      const generated = full.filter((item) => item.type === "function" && item.name === fragment.name);
      expect(generated, fragment.name).toEqual([fragment]);
    }
  });
});

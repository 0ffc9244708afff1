import { describe, expect, it } from "vitest";
import { unusedKeys } from "./check.ts";

describe("unusedKeys", () => {
  const keys = [
    "a.title",
    "a.count.one",
    "a.count.other",
    "a.state.open",
    "a.state.shut",
    "b.gone",
    "nav.earn",
  ];

  it("counts a key as used when a string or template literal names it, or a template builds it", () => {
    const sources = [`t("a.title"); t('a.count', { count });`, "const label = t(`a.state.${state}`);"];
    expect(unusedKeys(keys, sources)).toEqual(["b.gone"]);
  });

  it("does not take a longer or shorter key for the key", () => {
    expect(unusedKeys(["a.title", "a.tit"], [`t("a.title.more"); t("a.titles")`])).toEqual([
      "a.title",
      "a.tit",
    ]);
  });
});

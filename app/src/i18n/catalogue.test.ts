import { describe, expect, it } from "vitest";
import { en } from "./en";
import { flattenCatalogue } from "./keys";
import { DEFAULT_LANG, type Lang, normalizeLang } from "./lang";
import { type CataloguePart, PARTS } from "./parts";
import { zh } from "./zh";
import { i18n } from "./index";

const partNames = Object.keys(PARTS) as CataloguePart[];
const loadAllParts = async (lang: Lang) =>
  Object.fromEntries(await Promise.all(partNames.map(async (part) => [part, await PARTS[part][lang]()])));

describe("catalogues", async () => {
  // Each language whole: the start catalogue plus every page part under its namespace.
  const zhParts = flattenCatalogue(await loadAllParts("zh"));
  const enParts = flattenCatalogue(await loadAllParts("en"));
  const zhFlat = { ...flattenCatalogue(zh), ...zhParts };
  const enFlat = { ...flattenCatalogue(en), ...enParts };

  it("keep each key in one place: the start catalogue or a page part", () => {
    const start = flattenCatalogue(zh);
    expect(Object.keys(zhParts).filter((key) => key in start)).toEqual([]);
    expect(Object.keys(zhParts).length).toBeGreaterThan(0);
  });

  it("zh and en have identical key sets", () => {
    expect(Object.keys(enFlat).sort()).toEqual(Object.keys(zhFlat).sort());
  });

  it("have no empty texts", () => {
    for (const [key, text] of [...Object.entries(zhFlat), ...Object.entries(enFlat)]) {
      expect(text.trim(), key).not.toBe("");
    }
  });

  it("use the same interpolation variables in both languages", () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    for (const key of Object.keys(zhFlat))
      expect(vars(enFlat[key] ?? ""), key).toEqual(vars(zhFlat[key] ?? ""));
  });

  it("carry the spec texts", () => {
    expect(en.register.title).toBe("Register binding");
    expect(zh.register.title).toBe("注册绑定");
    expect(en.register.placeholder).toBe("Please enter the recommended address");
    expect(zh.register.placeholder).toBe("请输入推荐地址");
    expect(en.register.notRegistered).toBe(
      "The recommended address is not registered, please enter a valid recommended address",
    );
    expect(en.common.success).toBe("Success");
    expect(en.errors.generic).toBe("Operate Error");
    expect(en.common.awaiting).toBe("Awaiting...");
    expect(zh.common.awaiting).toBe("等待中...");
  });
});

describe("languages", () => {
  it("defaults to zh and maps locales to zh/en", () => {
    expect(DEFAULT_LANG).toBe("zh");
    expect(normalizeLang(null)).toBe("zh");
    expect(normalizeLang("zh-TW")).toBe("zh");
    expect(normalizeLang("tw")).toBe("zh");
    expect(normalizeLang("en-US")).toBe("en");
    expect(normalizeLang("EN")).toBe("en");
  });

  it("falls back from zh-TW to zh", async () => {
    await i18n.changeLanguage("zh-TW");
    expect(i18n.t("register.title")).toBe("注册绑定");
    await i18n.changeLanguage("en");
    expect(i18n.t("register.title")).toBe("Register binding");
    await i18n.changeLanguage("zh");
  });
});

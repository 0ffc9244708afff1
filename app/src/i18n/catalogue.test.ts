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
  // Both languages complete, texts not empty, placeholders alike, every key used: `npm run lint`
  // (scripts/src/i18n/check.ts).
  const zhParts = flattenCatalogue(await loadAllParts("zh"));

  it("keep each key in one place: the start catalogue or a page part", () => {
    const start = flattenCatalogue(zh);
    expect(Object.keys(zhParts).filter((key) => key in start)).toEqual([]);
    expect(Object.keys(zhParts).length).toBeGreaterThan(0);
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

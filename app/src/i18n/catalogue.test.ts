import { describe, expect, it } from "vitest";
import { en } from "./en";
import { flattenCatalogue } from "./keys";
import { DEFAULT_LANG, normalizeLang } from "./lang";
import { zh } from "./zh";
import { i18n } from "./index";

describe("catalogues", () => {
  const zhFlat = flattenCatalogue(zh);
  const enFlat = flattenCatalogue(en);

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

  it("i18next falls back from zh-TW to zh", async () => {
    await i18n.changeLanguage("zh-TW");
    expect(i18n.t("register.title")).toBe("注册绑定");
    await i18n.changeLanguage("en");
    expect(i18n.t("register.title")).toBe("Register binding");
    await i18n.changeLanguage("zh");
  });
});

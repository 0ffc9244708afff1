import { describe, expect, it } from "vitest";
import { LANGS, MESSAGES, resolveLang, t } from "../src/i18n/messages.ts";

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe("message catalogue", () => {
  it("has the same keys and placeholders in every language, none empty", () => {
    const keys = Object.keys(MESSAGES.en).sort();
    for (const lang of LANGS) {
      expect(Object.keys(MESSAGES[lang]).sort(), lang).toEqual(keys);
      for (const key of keys) {
        const text = MESSAGES[lang][key as keyof typeof MESSAGES.en];
        expect(text.trim(), `${lang}.${key}`).not.toBe("");
        expect(placeholders(text), `${lang}.${key}`).toEqual(
          placeholders(MESSAGES.en[key as keyof typeof MESSAGES.en]),
        );
      }
    }
  });

  it("fills placeholders", () => {
    expect(t("en", "invalidParameter", { field: "num" })).toBe("invalid parameter: num");
    expect(t("zh-cn", "invalidParameter", { field: "num" })).toBe("参数错误: num");
    expect(t("en", "operateError")).toBe("Operate Error");
    expect(t("zh-cn", "operateError")).toBe("操作失败");
  });
});

describe("resolveLang", () => {
  it.each([
    ["en", "en"],
    [" EN ", "en"],
    ["zh-cn", "zh-cn"],
    ["zh-CN", "zh-cn"],
    ["zh", "zh-cn"],
    ["de", "zh-cn"],
    [undefined, "zh-cn"],
    [["en", "zh-cn"], "en"],
  ] as const)("%j -> %s", (header, lang) => {
    expect(resolveLang(header as string | string[] | undefined)).toBe(lang);
  });
});

import { describe, expect, it } from "vitest";
import { LANGS, MESSAGES, contentLang, resolveLang, t } from "../src/i18n/messages.ts";

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
    expect(t("zh", "invalidParameter", { field: "num" })).toBe("参数错误: num");
    expect(t("en", "operateError")).toBe("Operate Error");
    expect(t("zh", "operateError")).toBe("操作失败");
    expect(t("ko", "amountExceedsMax", { max: 5 })).toBe("최대 수량(5)을 초과했습니다");
    expect(t("vi", "arbMinimum", { min: "10" })).toBe("Số ARB rút phải lớn hơn 10");
  });

  it("has a text of its own in each language (none left in English or Simplified Chinese)", () => {
    const keys = Object.keys(MESSAGES.en) as (keyof typeof MESSAGES.en)[];
    for (const lang of LANGS.filter((lang) => lang !== "en" && lang !== "zh")) {
      const same = (other: "en" | "zh") => keys.filter((key) => MESSAGES[lang][key] === MESSAGES[other][key]);
      expect(same("en"), lang).toEqual([]);
      // Traditional Chinese shares a few words with Simplified ("成功"), never a whole sentence
      expect(same("zh").length, lang).toBeLessThanOrEqual(lang === "zh-Hant" ? 2 : 0);
    }
  });

  it("reads the database's zh texts for both Chinese scripts and its en texts for the others", () => {
    expect(LANGS.map(contentLang)).toEqual(["zh", "zh", "en", "en", "en", "en", "en", "en"]);
  });
});

describe("resolveLang", () => {
  it.each([
    ["en", "en"],
    [" EN ", "en"],
    ["zh-cn", "zh"],
    ["zh-CN", "zh"],
    ["zh", "zh"],
    ["zh-Hant", "zh-Hant"],
    ["zh-TW", "zh-Hant"],
    ["zh-hk", "zh-Hant"],
    ["vi", "vi"],
    ["vi-VN", "vi"],
    ["id", "id"],
    ["in", "id"],
    ["ko", "ko"],
    ["ja-JP", "ja"],
    ["th", "th"],
    ["de", "zh"],
    [undefined, "zh"],
    [["en", "zh-cn"], "en"],
  ] as const)("%j -> %s", (header, lang) => {
    expect(resolveLang(header as string | string[] | undefined)).toBe(lang);
  });
});

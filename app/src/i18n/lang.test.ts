import { describe, expect, it } from "vitest";
import { DEFAULT_LANG, LANGS, type Lang, firstLang, matchLang, normalizeLang } from "./lang";

describe("normalizeLang", () => {
  it.each([
    ["zh-TW", "zh-Hant"],
    ["zh-HK", "zh-Hant"],
    ["zh-MO", "zh-Hant"],
    ["zh-Hant", "zh-Hant"],
    ["zh-Hant-TW", "zh-Hant"],
    ["zh_TW", "zh-Hant"],
    ["zh", "zh"],
    ["zh-CN", "zh"],
    ["zh-SG", "zh"],
    ["zh-Hans", "zh"],
    ["zh-Hans-HK", "zh"],
    ["zh-cn", "zh"],
    ["en", "en"],
    ["en-US", "en"],
    ["EN-gb", "en"],
    ["vi", "vi"],
    ["vi-VN", "vi"],
    ["id", "id"],
    ["id-ID", "id"],
    ["in", "id"],
    ["ko-KR", "ko"],
    ["ja-JP", "ja"],
    ["th-TH", "th"],
    [" ko ", "ko"],
  ])("%s -> %s", (tag, lang) => {
    expect(normalizeLang(tag)).toBe(lang);
  });

  it("takes anything else, or nothing, as the default zh", () => {
    expect(DEFAULT_LANG).toBe("zh");
    for (const tag of ["de-DE", "tw", "fr", "", null, undefined]) expect(normalizeLang(tag)).toBe("zh");
    for (const tag of ["de-DE", "tw", "enx", "constructor", "", null]) expect(matchLang(tag)).toBeUndefined();
  });

  it("knows the 8 languages, each its own code", () => {
    expect(LANGS).toEqual(["zh", "zh-Hant", "en", "vi", "id", "ko", "ja", "th"]);
    for (const lang of LANGS) expect(normalizeLang(lang)).toBe(lang);
  });
});

describe("firstLang (the language a visit starts in)", () => {
  const all: readonly Lang[] = LANGS;

  it("on a first visit takes the first of the browser's languages the app offers", () => {
    expect(firstLang(null, ["vi-VN", "vi", "en-US", "en"], all)).toBe("vi");
    expect(firstLang(null, ["de-DE", "ko-KR", "en"], all)).toBe("ko");
    expect(firstLang(null, ["zh-TW", "en"], all)).toBe("zh-Hant");
    // a language whose catalogues are not there is skipped for the next one the browser lists
    expect(firstLang(null, ["vi-VN", "en-US"], ["zh", "en"])).toBe("en");
    expect(firstLang(null, ["zh-HK"], ["zh", "en"])).toBe("zh");
  });

  it("without any browser language it knows, starts in zh", () => {
    expect(firstLang(null, ["de-DE", "fr"], all)).toBe("zh");
    expect(firstLang(null, [], all)).toBe("zh");
  });

  it("keeps the stored (picked) language over the browser's", () => {
    expect(firstLang("ko", ["vi-VN", "en"], all)).toBe("ko");
    expect(firstLang("zh", ["en-US"], all)).toBe("zh");
    // a stored language the app no longer offers, or garbage, falls back to the browser's
    expect(firstLang("th", ["ja-JP"], ["zh", "en", "ja"])).toBe("ja");
    expect(firstLang("xx", ["en-US"], all)).toBe("en");
  });
});

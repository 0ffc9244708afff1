import { describe, expect, it } from "vitest";
import { catalogueProblems, unusedKeys } from "./check.ts";

describe("unusedKeys", () => {
  const keys = ["a.title", "a.count", "a.state.open", "a.state.shut", "b.gone", "nav.earn"];

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

describe("catalogueProblems", () => {
  const good = {
    zh: {
      start: { "a.hello": "你好 {name}", "a.count": "{count, plural, other {{count} 人}}" },
      page: { "page.title": "标题" },
    },
    en: {
      start: {
        "a.hello": "Hello {name}",
        "a.count": "{count, plural, one {{count} person} other {{count} people}}",
      },
      page: { "page.title": "Title" },
    },
  };

  it("passes complete catalogues whose plurals have each language's forms", () => {
    expect(catalogueProblems(good)).toEqual([]);
  });

  it("names an id or a part one language lacks, and an id kept in another part", () => {
    expect(
      catalogueProblems({
        zh: { ...good.zh, start: { ...good.zh.start, "a.only": "仅中文" }, extra: { "x.y": "额外" } },
        en: { start: { ...good.en.start, "page.title": "Title" }, page: {} },
      }),
    ).toEqual([
      "extra.po: missing in en",
      "a.only: missing in en",
      "page.title: in page.po in zh but start.po in en",
      "x.y: missing in en",
    ]);
  });

  it("names an id in two parts of a language, and an empty text", () => {
    const zh = { ...good.zh, page: { "page.title": "标题", "a.hello": "你好 {name}" } };
    const en = { ...good.en, page: { "page.title": " " } };
    expect(catalogueProblems({ zh, en })).toEqual([
      "a.hello: in start.po and page.po (zh)",
      "page.title: empty in en",
    ]);
  });

  it("names placeholders that differ, a message that is not ICU, and plurals with the wrong forms", () => {
    const problems = catalogueProblems({
      zh: {
        ...good.zh,
        start: { "a.hello": "你好 {user}", "a.count": "{count, plural, one {一} other {{count} 人}}" },
      },
      en: {
        ...good.en,
        start: { "a.hello": "Hello {name", "a.count": "{count, plural, other {{count} people}}" },
      },
    });
    expect(problems).toContain("a.count: plural form one that zh has not");
    expect(problems).toContain("a.count: plural without one in en");
    expect(problems.some((line) => line.startsWith("a.hello: not valid ICU in en"))).toBe(true);
    expect(
      catalogueProblems({
        zh: { ...good.zh, start: { ...good.zh.start, "a.hello": "你好 {user}" } },
        en: good.en,
      }),
    ).toEqual(["a.hello: placeholders differ (zh {user}, en {name})"]);
  });

  it("holds every other language present to zh's ids, parts and placeholders, with its own plural forms", () => {
    const vi = {
      start: {
        "a.hello": "Xin chào {ten}",
        "a.count": "{count, plural, one {1 người} other {{count} người}}",
      },
    };
    expect(catalogueProblems({ ...good, vi })).toEqual([
      "page.po: missing in vi",
      "a.count: plural form one that vi has not",
      "page.title: missing in vi",
      "a.hello: placeholders differ (zh {name}, vi {ten})",
    ]);
    const ja = {
      start: { "a.hello": "こんにちは {name}", "a.count": "{count, plural, other {{count} 人}}" },
      page: { "page.title": "タイトル" },
    };
    expect(catalogueProblems({ ...good, ja })).toEqual([]);
  });
});

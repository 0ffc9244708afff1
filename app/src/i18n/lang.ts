/**
 * The app's languages: each a catalogue directory, `locales/<code>/`, in the picker's order. The app
 * offers those whose catalogues are present (src/i18n/index.ts); `npm run i18n:check` requires each
 * present one to be complete.
 */
export const LANGS = ["zh", "zh-Hant", "en", "vi", "id", "ko", "ja", "th"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "zh";

/** Each language's name in itself, as the picker lists it. */
export const LANG_NAMES: Record<Lang, string> = {
  zh: "简体中文",
  "zh-Hant": "繁體中文",
  en: "English",
  vi: "Tiếng Việt",
  id: "Bahasa Indonesia",
  ko: "한국어",
  ja: "日本語",
  th: "ไทย",
};

/** The BCP 47 tag of each language: `<html lang>` and the locale numbers and dates are formatted in. */
export const LANG_TAGS: Record<Lang, string> = {
  zh: "zh-CN",
  "zh-Hant": "zh-Hant",
  en: "en",
  vi: "vi",
  id: "id",
  ko: "ko",
  ja: "ja",
  th: "th",
};

/**
 * The language a stored value or a browser tag names, or undefined when none of ours: zh-TW, zh-HK,
 * zh-MO and zh-Hant* are Traditional Chinese; zh, zh-CN, zh-SG and zh-Hans* Simplified; en-* English;
 * vi, id (or its old code in), ko, ja, th with any region. Self-contained (no outer names): the
 * production index.html runs its source to preload the right catalogue (app/vite.config.ts).
 */
export function matchLang(tag: string | null | undefined): Lang | undefined {
  const [primary = "", ...rest] = (tag ?? "").trim().toLowerCase().replace(/_/g, "-").split("-");
  if (primary === "zh") {
    if (rest.includes("hans")) return "zh";
    const traditional = rest.some((subtag) => ["hant", "tw", "hk", "mo"].includes(subtag));
    return traditional ? "zh-Hant" : "zh";
  }
  const byPrimary: Record<string, Lang> = {
    en: "en",
    vi: "vi",
    id: "id",
    in: "id",
    ko: "ko",
    ja: "ja",
    th: "th",
  };
  return byPrimary[primary];
}

/** Any tag as one of our languages: see `matchLang`; anything else is the default zh. */
export function normalizeLang(tag: string | null | undefined): Lang {
  return matchLang(tag) ?? DEFAULT_LANG;
}

/**
 * The language a visit starts in: the stored one (the member picked it) when offered, else the first of
 * the browser's languages that is offered, else zh. Uses no outer name but `matchLang` and
 * `DEFAULT_LANG` (index.html runs its source too).
 */
export function firstLang(
  stored: string | null | undefined,
  browserTags: readonly string[],
  offered: readonly Lang[],
): Lang {
  const isOffered = (lang: Lang | undefined): lang is Lang => lang !== undefined && offered.includes(lang);
  const picked = matchLang(stored);
  if (isOffered(picked)) return picked;
  return browserTags.map(matchLang).find(isOffered) ?? DEFAULT_LANG;
}

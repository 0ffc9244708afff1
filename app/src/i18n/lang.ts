/**
 * The app's languages: each a catalogue directory, `locales/<code>/`, in the picker's order (the codes
 * and how a tag names one are the API's: the server answers in the same languages). The app offers
 * those whose catalogues are present (src/i18n/index.ts); `npm run i18n:check` requires each present
 * one to be complete.
 */
import { DEFAULT_LANG, type Lang, matchLang } from "@taichi/api/lang";

export { DEFAULT_LANG, LANGS, type Lang, matchLang, normalizeLang } from "@taichi/api/lang";

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

/** The locale numbers and dates are formatted in: the language's tag, English day first (en-GB). */
export const formatTag = (lang: Lang): string => (lang === "en" ? "en-GB" : LANG_TAGS[lang]);

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

export const LANGS = ["zh", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "zh";

/** Maps any stored/browser language tag to a supported one: en* -> en, everything else (zh, zh-TW, tw, ...) -> zh. */
export function normalizeLang(value: string | null | undefined): Lang {
  return value?.trim().toLowerCase().startsWith("en") ? "en" : DEFAULT_LANG;
}

/**
 * The languages of the app and of the server's answers (header `lang`), in the app picker's order, and
 * how a language tag (a browser's, a stored value, the header) names one of them. zh is the default.
 */
export const LANGS = ["zh", "zh-Hant", "en", "vi", "id", "ko", "ja", "th"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "zh";

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
  if (primary === "in") return "id";
  return ["en", "vi", "id", "ko", "ja", "th"].includes(primary) ? (primary as Lang) : undefined;
}

/** Any tag as one of our languages: see `matchLang`; anything else is the default zh. */
export function normalizeLang(tag: string | null | undefined): Lang {
  return matchLang(tag) ?? DEFAULT_LANG;
}

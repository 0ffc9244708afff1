import { useSyncExternalStore } from "react";
import { loadChunk } from "../lib/lazyPage";
import { useAppStore } from "../store";
import { type AppMessage, type I18nKey, type I18nPluralKey, flattenCatalogue } from "./keys";
import { type Lang, normalizeLang } from "./lang";
import { type CataloguePart, PARTS } from "./parts";
import type { Catalogue } from "./zh";

/**
 * The app's translations: a few lines instead of i18next + react-i18next (18 kB gzip on `/`). The
 * catalogues only need lookup by "a.b.c" key and `{{name}}` interpolation; the language comes from
 * the store (`setLang`, persisted there) and sets `<html lang>`. Each catalogue is its own chunk and
 * only the shown language is loaded: this module waits for its start catalogue before anything
 * renders (top-level await); a lazy page's loader awaits `loadParts` for its texts (./parts.ts); and
 * `changeLanguage` switches once the other language's start catalogue and every part in use loaded.
 */
const CATALOGUES: Record<Lang, () => Promise<Catalogue>> = {
  zh: () => import("./zh").then((module) => module.zh),
  en: () => import("./en").then((module) => module.en),
};

export type TranslateValues = Record<string, unknown>;
export type TFunction = (key: I18nKey | I18nPluralKey, values?: TranslateValues) => string;

type Bundle = "start" | CataloguePart;

const flat: Record<Lang, Record<string, string>> = { zh: {}, en: {} };
const lookup = (lang: Lang, key: string): string | undefined => flat[lang][key];
const loads: Record<Lang, Map<Bundle, Promise<void>>> = { zh: new Map(), en: new Map() };
/** The parts pages asked for: switching language loads them too. */
const partsInUse = new Set<CataloguePart>();

/** Loads a start catalogue or a part (once; a failed load is retried on the next call). */
function loadBundle(lang: Lang, bundle: Bundle): Promise<void> {
  let load = loads[lang].get(bundle);
  if (!load) {
    load = (async () => {
      const texts =
        bundle === "start" ? await loadChunk(CATALOGUES[lang]) : await loadChunk(PARTS[bundle][lang]);
      Object.assign(flat[lang], flattenCatalogue(texts, bundle === "start" ? "" : `${bundle}.`));
    })();
    load.catch(() => loads[lang].delete(bundle));
    loads[lang].set(bundle, load);
  }
  return load;
}

/** Loads a language's start catalogue and the parts in use. */
export async function loadLanguage(lang: Lang): Promise<void> {
  await Promise.all([loadBundle(lang, "start"), ...[...partsInUse].map((part) => loadBundle(lang, part))]);
}

/**
 * Loads catalogue parts in the shown language (and in the one being switched to), for a lazy page's
 * loader to await before the page renders; a failed load rejects (the route error screen).
 */
export async function loadParts(parts: readonly CataloguePart[]): Promise<void> {
  for (const part of parts) partsInUse.add(part);
  const langs = new Set([language, requested]);
  await Promise.all([...langs].flatMap((lang) => parts.map((part) => loadBundle(lang, part))));
}

/** Replaces each `{{name}}` with `values.name`; a placeholder without a value stays as it is. */
export function interpolate(text: string, values?: TranslateValues): string {
  if (!values) return text;
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  );
}

const PLURAL_RULES: Record<Lang, Intl.PluralRules> = {
  zh: new Intl.PluralRules("zh-CN"),
  en: new Intl.PluralRules("en"),
};

/**
 * A key's text; a plural key (`{ one, other }` in the catalogues) picks its form for `values.count`
 * by the language's plural rules (en: 1 -> one, else other; zh: always other).
 */
export function resolveText(lang: Lang, key: string, values?: TranslateValues): string | undefined {
  const text = lookup(lang, key);
  if (text !== undefined || values?.count === undefined) return text;
  const count = Number(String(values.count).replaceAll(",", ""));
  return lookup(lang, `${key}.${PLURAL_RULES[lang].select(count)}`) ?? lookup(lang, `${key}.other`);
}

// One function per language, so `t` keeps its identity until the language changes. An unknown key
// (or a catalogue that failed to load) shows the key itself.
const translators = Object.fromEntries(
  Object.keys(CATALOGUES).map((lang) => [
    lang,
    ((key, values) => interpolate(resolveText(lang as Lang, key, values) ?? key, values)) as TFunction,
  ]),
) as Record<Lang, TFunction>;

let language: Lang = useAppStore.getState().lang;
let requested = language;
const listeners = new Set<() => void>();

const setDocumentLang = (lang: Lang) => {
  if (typeof document !== "undefined") document.documentElement.lang = lang === "en" ? "en" : "zh-CN";
};
setDocumentLang(language);

export const i18n = {
  get language(): Lang {
    return language;
  },
  /** Any tag is accepted: en* is English, everything else (zh-TW, tw, ...) the default zh. */
  async changeLanguage(tag: string): Promise<void> {
    const next = normalizeLang(tag);
    requested = next;
    await loadLanguage(next);
    // A later switch that finished first wins.
    if (next !== language && requested === next) {
      language = next;
      setDocumentLang(next);
      for (const listener of listeners) listener();
    }
  },
  t: ((key, values) => translators[language](key, values)) as TFunction,
  exists: (key: string): boolean => lookup(language, key) !== undefined,
};

useAppStore.subscribe((state, prev) => {
  if (state.lang !== prev.lang)
    i18n.changeLanguage(state.lang).catch((err: unknown) => console.error("language not loaded", err));
});

// The first render waits for the shown language; if it cannot load, the page still renders (with keys).
await loadLanguage(language).catch((err: unknown) => console.error("language not loaded", err));

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentLanguage = () => language;

/** `const { t, i18n } = useTranslation()`: re-renders the component when the language changes. */
export function useTranslation() {
  const lang = useSyncExternalStore(subscribe, currentLanguage, currentLanguage);
  return { t: translators[lang], i18n };
}

/** Translates an AppMessage outside React components (tests, logs). */
export function translate(message: AppMessage): string {
  return i18n.t(message.key, message.values);
}

export type { AppMessage, I18nKey, I18nPluralKey } from "./keys";
export type { CataloguePart } from "./parts";

import { type Messages, setupI18n } from "@lingui/core";
import { useSyncExternalStore } from "react";
import { loadChunk } from "../lib/lazyPage";
import { STORAGE_KEYS, readStored } from "../lib/storage";
import type { CataloguePart } from "./ids";
import type { AppMessage, I18nKey, I18nPluralKey } from "./keys";
import { LANGS, LANG_TAGS, type Lang, firstLang, formatTag } from "./lang";
import { setFormatLocale } from "../lib/format";

/**
 * The app's translations: Lingui (@lingui/core) behind the facade the app calls, `t(id, values)` and
 * `useTranslation()`. The catalogues are PO files, `locales/<lang>/<part>.po`, compiled by
 * @lingui/vite-plugin, each its own chunk, and only the shown language is loaded: `start` (what `/`
 * shows) before anything renders (top-level await), a page's part when its route's loader awaits
 * `loadParts`, and `changeLanguage` switches once the other language's start catalogue and every part
 * in use loaded. The languages offered are those whose catalogues are present. A visit starts in the
 * stored language (the member picked it; the store persists a switch and calls `changeLanguage`), or on a
 * first visit the first of the browser's languages offered (`firstLang`). The language sets
 * `<html lang>` and the locale numbers and dates are formatted in.
 */
const CATALOGUES = import.meta.glob<{ messages: Messages }>("./locales/*/*.po");

/** The languages whose catalogues are present, in the picker's order. */
export const OFFERED_LANGS: readonly Lang[] = LANGS.filter(
  (lang) => `./locales/${lang}/start.po` in CATALOGUES,
);

const browserLanguages = (): readonly string[] =>
  typeof navigator === "undefined" ? [] : (navigator.languages ?? [navigator.language]);

export type TranslateValues = Record<string, unknown>;
export type TFunction = (key: I18nKey | I18nPluralKey, values?: TranslateValues) => string;

type Bundle = "start" | CataloguePart;

let language: Lang = firstLang(readStored(STORAGE_KEYS.lang), browserLanguages(), OFFERED_LANGS);
let requested = language;

// An unknown id (or a catalogue that failed to load) shows the id itself.
const lingui = setupI18n({
  locale: language,
  messages: Object.fromEntries(OFFERED_LANGS.map((lang) => [lang, {}])),
  missing: (_, id) => id,
});

const loads = new Map<Lang, Map<Bundle, Promise<void>>>();
/** The parts pages asked for: switching language loads them too. */
const partsInUse = new Set<CataloguePart>();

/** Loads a start catalogue or a part (once; a failed load is retried on the next call). */
function loadBundle(lang: Lang, bundle: Bundle): Promise<void> {
  const loaded = loads.get(lang) ?? new Map<Bundle, Promise<void>>();
  loads.set(lang, loaded);
  let load = loaded.get(bundle);
  if (!load) {
    const catalogue = CATALOGUES[`./locales/${lang}/${bundle}.po`];
    load = catalogue
      ? loadChunk(catalogue).then((module) => lingui.load(lang, module.messages))
      : Promise.reject(new Error(`no ${lang} catalogue ${bundle}`));
    load.catch(() => loaded.delete(bundle));
    loaded.set(bundle, load);
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

// One function per language, so `t` keeps its identity until the language changes. Lingui translates
// in its active locale, which is always `language`.
const translator = (): TFunction => (key, values) => lingui._(key, values);
const translators = Object.fromEntries(LANGS.map((lang) => [lang, translator()])) as Record<Lang, TFunction>;

const listeners = new Set<() => void>();

/** `<html lang>` and the locale of numbers and dates follow the shown language. */
const showLocale = (lang: Lang) => {
  setFormatLocale(formatTag(lang));
  if (typeof document !== "undefined") document.documentElement.lang = LANG_TAGS[lang];
};
showLocale(language);

export const i18n = {
  get language(): Lang {
    return language;
  },
  /** Any tag is accepted (zh-TW is zh-Hant, en-US en, ...: `matchLang`); one not offered is zh. */
  async changeLanguage(tag: string): Promise<void> {
    const next = firstLang(tag, [], OFFERED_LANGS);
    requested = next;
    await loadLanguage(next);
    // A later switch that finished first wins.
    if (next !== language && requested === next) {
      language = next;
      lingui.activate(next);
      showLocale(next);
      for (const listener of listeners) listener();
    }
  },
  t: ((key, values) => translators[language](key, values)) as TFunction,
  exists: (key: string): boolean => lingui.messages[key] !== undefined,
};

// The first render waits for the shown language; if it cannot load, the page still renders (with ids).
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
export type { CataloguePart } from "./ids";

import i18n from "i18next";
import { initReactI18next } from "react-i18next";
import { useAppStore } from "../store";
import { en } from "./en";
import type { AppMessage } from "./keys";
import { zh, type Catalogue } from "./zh";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation";
    resources: { translation: Catalogue };
  }
}

export const resources = { zh: { translation: zh }, en: { translation: en } } as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: useAppStore.getState().lang,
  // zh-TW (and any other unknown locale) falls back to zh, the default language.
  fallbackLng: { "zh-TW": ["zh"], tw: ["zh"], default: ["zh"] },
  supportedLngs: ["zh", "en"],
  nonExplicitSupportedLngs: true,
  interpolation: { escapeValue: false }, // React escapes
  initAsync: false,
  returnNull: false,
});

const setDocumentLang = (lang: string) => {
  if (typeof document !== "undefined") document.documentElement.lang = lang === "en" ? "en" : "zh-CN";
};
setDocumentLang(i18n.language);

useAppStore.subscribe((state, prev) => {
  if (state.lang !== prev.lang) {
    void i18n.changeLanguage(state.lang);
    setDocumentLang(state.lang);
  }
});

/** Translates an AppMessage outside React components (tests, logs). */
export function translate(message: AppMessage): string {
  return i18n.t(message.key, message.values ?? {});
}

export { i18n };
export type { AppMessage, I18nKey } from "./keys";

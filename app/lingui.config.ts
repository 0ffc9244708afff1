import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { LANGS, type Lang } from "./src/i18n/lang.ts";

/**
 * The app's catalogues: `src/i18n/locales/<lang>/<part>.po`, zh the source language. Each part is a
 * catalogue of its own (compiled by @lingui/vite-plugin into its own chunk), named by its zh file:
 * `start` is what `/` shows, the others a page's texts (src/i18n/index.ts). Every message has an
 * explicit id ("register.title"), the key the app's `t(id)` names. The languages are the directories
 * present of those src/i18n/lang.ts lists (a new language is a directory of catalogues).
 */
export const LOCALES_DIR = "src/i18n/locales";
const localesDir = fileURLToPath(new URL(LOCALES_DIR, import.meta.url));
const entries = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
const parts = entries(`${localesDir}/zh`)
  .filter((file) => file.endsWith(".po"))
  .map((file) => file.slice(0, -".po".length));
export const PRESENT_LANGS: Lang[] = LANGS.filter((lang) => entries(localesDir).includes(lang));

export default defineConfig({
  sourceLocale: "zh",
  locales: PRESENT_LANGS,
  fallbackLocales: false,
  catalogs: parts.map((part) => ({ path: `<rootDir>/${LOCALES_DIR}/{locale}/${part}`, include: [] })),
  format: formatter({ explicitIdAsDefault: true, origins: false }),
});

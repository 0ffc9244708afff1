import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";

/**
 * The app's catalogues: `src/i18n/locales/<lang>/<part>.po`, zh the source language. Each part is a
 * catalogue of its own (compiled by @lingui/vite-plugin into its own chunk), named by its zh file:
 * `start` is what `/` shows, the others a page's texts (src/i18n/index.ts). Every message has an
 * explicit id ("register.title"), the key the app's `t(id)` names.
 */
export const LOCALES_DIR = "src/i18n/locales";
const sourceDir = fileURLToPath(new URL(`${LOCALES_DIR}/zh`, import.meta.url));
const parts = (existsSync(sourceDir) ? readdirSync(sourceDir) : [])
  .filter((file) => file.endsWith(".po"))
  .map((file) => file.slice(0, -".po".length));

export default defineConfig({
  sourceLocale: "zh",
  locales: ["zh", "en"],
  fallbackLocales: false,
  catalogs: parts.map((part) => ({ path: `<rootDir>/${LOCALES_DIR}/{locale}/${part}`, include: [] })),
  format: formatter({ explicitIdAsDefault: true, origins: false }),
});

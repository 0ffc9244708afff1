/**
 * `npm run lint` (last step): the translations are complete and all in use. Fails, listing them, on a
 * key that one language lacks, an empty text, placeholders (`{{name}}`) that differ between the
 * languages, and a key no source file of the app names. A key is named by a string literal holding
 * it ("swap.title"), or by a template literal that builds it (`swap.blocked.${reason}` names every
 * key under swap.blocked.); a plural key's forms (`.one`, `.other`) count as its base.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { REPO_ROOT } from "../env.ts";
import { en } from "../../../app/src/i18n/en.ts";
import { flattenCatalogue } from "../../../app/src/i18n/keys.ts";
import { LANGS, type Lang } from "../../../app/src/i18n/lang.ts";
import { PARTS } from "../../../app/src/i18n/parts.ts";
import { zh } from "../../../app/src/i18n/zh.ts";

/** Keys kept without a use yet, each with its reason. */
const MENU_LATER = "a menu label the spec lists, shown once its page or link exists (docs/app.md)";
export const RESERVED: Record<string, string> = Object.fromEntries(
  ["earn", "node", "blindBox", "game", "assets", "saturn", "nft", "whitePaper", "audit"].map((name) => [
    `nav.${name}`,
    MENU_LATER,
  ]),
);

const APP_SRC = join(REPO_ROOT, "app", "src");

/** Every text of a language, start catalogue and page parts, by key. */
export async function catalogueOf(lang: Lang): Promise<Record<string, string>> {
  const texts = flattenCatalogue({ zh, en }[lang]);
  for (const [part, load] of Object.entries(PARTS))
    Object.assign(texts, flattenCatalogue(await load[lang](), `${part}.`));
  return texts;
}

/** The app's source files that may name a key: not the catalogues, not tests. */
function sourceFiles(dir = APP_SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return path === join(APP_SRC, "i18n") ? [] : sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

export function unusedKeys(keys: string[], sources: string[]): string[] {
  const text = sources.join("\n");
  const named = new Set(text.match(/(?<=["'`])[a-zA-Z][\w]*(?:\.[\w]+)+(?=["'`])/g));
  const prefixes = [...new Set(text.match(/(?<=`)[a-zA-Z][\w]*(?:\.[\w]+)*\.(?=\$\{)/g))];
  const base = (key: string) => key.replace(/\.(zero|one|two|few|many|other)$/, "");
  return keys.filter(
    (key) =>
      !named.has(key) &&
      !named.has(base(key)) &&
      !prefixes.some((prefix) => key.startsWith(prefix)) &&
      !(key in RESERVED),
  );
}

export async function checkCatalogues(): Promise<string[]> {
  const [zhTexts, enTexts] = await Promise.all(LANGS.map(catalogueOf));
  const texts: Record<Lang, Record<string, string>> = { zh: zhTexts!, en: enTexts! };
  const problems: string[] = [];
  const placeholders = (text = "") =>
    [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)]
      .map((m) => m[1])
      .sort()
      .join(",");
  for (const lang of LANGS) {
    const other = texts[lang === "zh" ? "en" : "zh"];
    for (const [key, text] of Object.entries(texts[lang])) {
      if (!(key in other)) problems.push(`${key}: missing in ${lang === "zh" ? "en" : "zh"}`);
      if (text.trim() === "") problems.push(`${key}: empty in ${lang}`);
    }
  }
  for (const key of Object.keys(texts.zh)) {
    if (key in texts.en && placeholders(texts.zh[key]) !== placeholders(texts.en[key]))
      problems.push(
        `${key}: placeholders differ (zh {{${placeholders(texts.zh[key])}}}, en {{${placeholders(texts.en[key])}}})`,
      );
  }
  const sources = sourceFiles().map((file) => readFileSync(file, "utf8"));
  for (const key of unusedKeys(Object.keys(texts.zh), sources)) problems.push(`${key}: not used by the app`);
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = await checkCatalogues();
  if (problems.length > 0) {
    console.error(`translations (app/src/i18n):\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  } else console.log(`translations: zh and en complete, every key in use (${relative(REPO_ROOT, APP_SRC)})`);
}

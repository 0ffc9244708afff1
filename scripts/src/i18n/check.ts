/**
 * `npm run lint` (last step): the translations are complete, well formed and all in use. Reads the PO
 * catalogues (app/src/i18n/locales/<lang>/<part>.po) and fails, listing them, on: a part or id one
 * language lacks or keeps in another part, an id in two parts, an empty text, a message that is not
 * valid ICU MessageFormat, placeholders that differ between the languages, a plural without the forms
 * its language has (en: one, other; zh: other) or with forms it has not, an id no source file of the
 * app names, and app/src/i18n/ids.ts not generated from the current catalogues. An id is named by a
 * string literal holding it ("swap.title") or by a template literal that builds it
 * (`swap.blocked.${reason}` names every id under swap.blocked.).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { LANGS, type Lang } from "../../../app/src/i18n/lang.ts";
import { REPO_ROOT } from "../env.ts";
import { idsCurrent } from "./ids.ts";
import { type Catalogues, CATALOGUES_DIR, readCatalogues } from "./po.ts";

/** Ids kept without a use yet, each with its reason. */
const MENU_LATER = "a menu label the spec lists, shown once its page or link exists (docs/app.md)";
export const RESERVED: Record<string, string> = Object.fromEntries(
  ["earn", "node", "blindBox", "game", "assets", "saturn", "nft", "whitePaper", "audit"].map((name) => [
    `nav.${name}`,
    MENU_LATER,
  ]),
);

const APP_SRC = join(REPO_ROOT, "app", "src");

/** The app's source files that may name an id: not the i18n folder, not tests. */
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
  return keys.filter(
    (key) => !named.has(key) && !prefixes.some((prefix) => key.startsWith(prefix)) && !(key in RESERVED),
  );
}

/** A compiled message's placeholder names and its plurals' forms. */
function shape(tokens: CompiledMessage, names = new Set<string>(), plurals: string[][] = []) {
  for (const token of tokens) {
    if (typeof token === "string") continue;
    const [name, type, format] = token;
    names.add(name);
    if ((type === "plural" || type === "select" || type === "selectordinal") && format) {
      const cases = Object.entries(format as Record<string, unknown>).filter(([key]) => key !== "offset");
      if (type === "plural") plurals.push(cases.map(([key]) => key));
      for (const [, branch] of cases) shape(branch as CompiledMessage, names, plurals);
    }
  }
  return { names, plurals };
}

/** What is wrong with these catalogues (both languages), one line each. */
export function catalogueProblems(catalogues: Record<Lang, Catalogues>): string[] {
  const problems: string[] = [];
  const names: Record<Lang, Map<string, string>> = { zh: new Map(), en: new Map() };
  const partOf: Record<Lang, Map<string, string>> = { zh: new Map(), en: new Map() };
  for (const lang of LANGS) {
    const other = lang === "zh" ? "en" : "zh";
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
    for (const [part, texts] of Object.entries(catalogues[lang])) {
      if (!(part in catalogues[other])) problems.push(`${part}.po: missing in ${other}`);
      for (const [id, text] of Object.entries(texts)) {
        const seen = partOf[lang].get(id);
        if (seen) problems.push(`${id}: in ${seen}.po and ${part}.po (${lang})`);
        else partOf[lang].set(id, part);
        if (text.trim() === "") {
          problems.push(`${id}: empty in ${lang}`);
          continue;
        }
        let tokens: CompiledMessage;
        try {
          tokens = compileMessageOrThrow(text);
        } catch (err) {
          problems.push(`${id}: not valid ICU in ${lang} (${(err as Error).message})`);
          continue;
        }
        const found = shape(tokens);
        names[lang].set(id, [...found.names].sort().join(","));
        for (const cases of found.plurals) {
          const missing = forms.filter((form) => !cases.includes(form));
          const extra = cases.filter((form) => !forms.includes(form) && !/^\d+$/.test(form));
          if (missing.length) problems.push(`${id}: plural without ${missing.join(", ")} in ${lang}`);
          if (extra.length) problems.push(`${id}: plural form ${extra.join(", ")} that ${lang} has not`);
        }
      }
    }
  }
  for (const lang of LANGS) {
    const other = lang === "zh" ? "en" : "zh";
    for (const [id, part] of partOf[lang]) {
      const otherPart = partOf[other].get(id);
      if (otherPart === undefined) problems.push(`${id}: missing in ${other}`);
      else if (lang === "zh" && otherPart !== part)
        problems.push(`${id}: in ${part}.po in zh but ${otherPart}.po in en`);
    }
  }
  for (const [id, zhNames] of names.zh) {
    const enNames = names.en.get(id);
    if (enNames !== undefined && enNames !== zhNames)
      problems.push(`${id}: placeholders differ (zh {${zhNames}}, en {${enNames}})`);
  }
  return problems;
}

export async function checkCatalogues(): Promise<string[]> {
  const [zh, en] = await Promise.all(LANGS.map(readCatalogues));
  const catalogues = { zh: zh!, en: en! };
  const problems = catalogueProblems(catalogues);
  const ids = Object.values(catalogues.zh).flatMap((texts) => Object.keys(texts));
  const sources = sourceFiles().map((file) => readFileSync(file, "utf8"));
  for (const id of unusedKeys(ids, sources)) problems.push(`${id}: not used by the app`);
  if (!(await idsCurrent(catalogues.zh)))
    problems.push("app/src/i18n/ids.ts: not the catalogues' ids (run `npm run i18n:ids`)");
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = await checkCatalogues();
  const where = relative(REPO_ROOT, CATALOGUES_DIR);
  if (problems.length > 0) {
    console.error(`translations (${where}):\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  } else console.log(`translations: zh and en complete, valid ICU, every id in use (${where})`);
}

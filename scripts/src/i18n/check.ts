/**
 * `npm run lint` (last step): the translations are complete, well formed and all in use. Reads the PO
 * catalogues (app/src/i18n/locales/<lang>/<part>.po, every language directory present; zh and en are
 * required, each other one must be as complete) and fails, listing them, on: a directory that is not a
 * language of app/src/i18n/lang.ts, a part or id a language has and zh has not (or the other way), or
 * keeps in another part, an id in two parts, an empty text, a message that is not valid ICU
 * MessageFormat, placeholders that differ from zh's, a plural without the forms its language has (en:
 * one, other; zh, ja, ko, th, vi, id: other) or with forms it has not, an id no source file of the
 * app names, and app/src/i18n/ids.ts not generated from the current catalogues. An id is named by a
 * string literal holding it ("swap.title") or by a template literal that builds it
 * (`swap.blocked.${reason}` names every id under swap.blocked.).
 */
import { readFileSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { type CompiledMessage, compileMessageOrThrow } from "@lingui/message-utils/compileMessage";
import { PRESENT_LANGS } from "../../../app/lingui.config.ts";
import { DEFAULT_LANG, LANGS, type Lang } from "../../../app/src/i18n/lang.ts";
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

/**
 * What is wrong with these catalogues (every language present; zh, the source, is the reference), one
 * line each.
 */
export function catalogueProblems(catalogues: Partial<Record<Lang, Catalogues>>): string[] {
  const problems: string[] = [];
  const langs = LANGS.filter((lang) => catalogues[lang] !== undefined);
  const others = langs.filter((lang) => lang !== DEFAULT_LANG);
  const names = new Map<Lang, Map<string, string>>(langs.map((lang) => [lang, new Map()]));
  const partOf = new Map<Lang, Map<string, string>>(langs.map((lang) => [lang, new Map()]));
  for (const lang of langs) {
    const compared = lang === DEFAULT_LANG ? others : [DEFAULT_LANG];
    const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
    for (const [part, texts] of Object.entries(catalogues[lang]!)) {
      for (const other of compared)
        if (!(part in catalogues[other]!)) problems.push(`${part}.po: missing in ${other}`);
      for (const [id, text] of Object.entries(texts)) {
        const seen = partOf.get(lang)!.get(id);
        if (seen) problems.push(`${id}: in ${seen}.po and ${part}.po (${lang})`);
        else partOf.get(lang)!.set(id, part);
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
        names.get(lang)!.set(id, [...found.names].sort().join(","));
        for (const cases of found.plurals) {
          const missing = forms.filter((form) => !cases.includes(form));
          const extra = cases.filter((form) => !forms.includes(form) && !/^\d+$/.test(form));
          if (missing.length) problems.push(`${id}: plural without ${missing.join(", ")} in ${lang}`);
          if (extra.length) problems.push(`${id}: plural form ${extra.join(", ")} that ${lang} has not`);
        }
      }
    }
  }
  const source = partOf.get(DEFAULT_LANG) ?? new Map<string, string>();
  for (const [id, part] of source)
    for (const lang of others) {
      const otherPart = partOf.get(lang)!.get(id);
      if (otherPart === undefined) problems.push(`${id}: missing in ${lang}`);
      else if (otherPart !== part)
        problems.push(`${id}: in ${part}.po in ${DEFAULT_LANG} but ${otherPart}.po in ${lang}`);
    }
  for (const lang of others)
    for (const id of partOf.get(lang)!.keys())
      if (!source.has(id)) problems.push(`${id}: missing in ${DEFAULT_LANG}`);
  for (const [id, sourceNames] of names.get(DEFAULT_LANG) ?? [])
    for (const lang of others) {
      const langNames = names.get(lang)!.get(id);
      if (langNames !== undefined && langNames !== sourceNames)
        problems.push(
          `${id}: placeholders differ (${DEFAULT_LANG} {${sourceNames}}, ${lang} {${langNames}})`,
        );
    }
  return problems;
}

/** Catalogue directories that are not a language of app/src/i18n/lang.ts (the build ignores them). */
function unknownDirs(): string[] {
  return readdirSync(CATALOGUES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !(LANGS as readonly string[]).includes(entry.name))
    .map((entry) => entry.name);
}

export async function checkCatalogues(): Promise<{ langs: Lang[]; problems: string[] }> {
  const langs = PRESENT_LANGS;
  const problems = unknownDirs().map((name) => `${name}/: not a language of app/src/i18n/lang.ts`);
  for (const required of [DEFAULT_LANG, "en"] as const)
    if (!langs.includes(required))
      problems.push(`${required}/: missing (the source and English are required)`);
  const catalogues: Partial<Record<Lang, Catalogues>> = Object.fromEntries(
    await Promise.all(langs.map(async (lang) => [lang, await readCatalogues(lang)] as const)),
  );
  problems.push(...catalogueProblems(catalogues));
  const source = catalogues[DEFAULT_LANG] ?? {};
  const ids = Object.values(source).flatMap((texts) => Object.keys(texts));
  const sources = sourceFiles().map((file) => readFileSync(file, "utf8"));
  for (const id of unusedKeys(ids, sources)) problems.push(`${id}: not used by the app`);
  if (!(await idsCurrent(source)))
    problems.push("app/src/i18n/ids.ts: not the catalogues' ids (run `npm run i18n:ids`)");
  return { langs, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { langs, problems } = await checkCatalogues();
  const where = relative(REPO_ROOT, CATALOGUES_DIR);
  if (problems.length > 0) {
    console.error(`translations (${where}):\n  ${problems.join("\n  ")}`);
    process.exitCode = 1;
  } else console.log(`translations: ${langs.join(", ")} complete, valid ICU, every id in use (${where})`);
}

/**
 * Converts the TypeScript catalogues (`app/src/i18n/{zh,en}.ts`, the start catalogue, and
 * `app/src/i18n/parts/<part>.<lang>.ts`) into the PO catalogues `app/src/i18n/locales/<lang>/<part>.po`,
 * then regenerates the message ids (ids.ts). A nested key becomes its dotted id ("register.title";
 * a part's keys under its name: "ido.buy.title"), `{{name}}` becomes ICU's `{name}`, and a
 * `{ one, other }` object one ICU plural message with the forms the language has (zh: only `other`).
 * Every converted text is rendered through Lingui and compared with what the old runtime showed; any
 * difference stops the conversion. Run after merging TypeScript catalogue changes:
 * `npx tsx scripts/src/i18n/toPo.ts`.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { setupI18n } from "@lingui/core";
import { compileMessageOrThrow } from "@lingui/message-utils/compileMessage";

import { REPO_ROOT } from "../env.ts";
import { writeIds } from "./ids.ts";
import { type Texts, writeCatalogue } from "./po.ts";

const TS_DIR = join(REPO_ROOT, "app", "src", "i18n");
const PLURAL_FORMS = ["zero", "one", "two", "few", "many", "other"];
const OLD_PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;
/** The languages the TypeScript catalogues had. */
const LANGS = ["zh", "en"] as const;
type Lang = (typeof LANGS)[number];
/** The locales the old runtime chose plural forms with. */
const OLD_PLURAL_RULES: Record<Lang, Intl.PluralRules> = {
  zh: new Intl.PluralRules("zh-CN"),
  en: new Intl.PluralRules("en"),
};

type Tree = { [key: string]: string | Tree };
type Plural = Record<string, string>;

const isPlural = (node: string | Tree): node is Plural =>
  typeof node === "object" &&
  Object.keys(node).length > 0 &&
  "other" in node &&
  Object.entries(node).every(([form, text]) => PLURAL_FORMS.includes(form) && typeof text === "string");

/** The TypeScript catalogues found: "start" (zh.ts / en.ts) and each page part. */
async function tsCatalogues(lang: Lang): Promise<Record<string, Tree>> {
  const files: Record<string, string> = {};
  if (existsSync(join(TS_DIR, `${lang}.ts`))) files.start = join(TS_DIR, `${lang}.ts`);
  const partsDir = join(TS_DIR, "parts");
  if (existsSync(partsDir))
    for (const file of readdirSync(partsDir).sort()) {
      const match = file.match(new RegExp(`^(\\w+)\\.${lang}\\.ts$`));
      if (match) files[match[1]!] = join(partsDir, file);
    }
  const out: Record<string, Tree> = {};
  for (const [part, file] of Object.entries(files)) {
    const module = (await import(file)) as Record<string, unknown>;
    const tree = Object.values(module).find((value) => typeof value === "object" && value !== null);
    if (!tree) throw new Error(`${file} exports no catalogue`);
    out[part] = tree as Tree;
  }
  return out;
}

/** `{{name}}` -> `{name}`; a literal brace would need ICU quoting: refused, to be written by hand. */
function toIcu(text: string, id: string): string {
  if (/[{}]/.test(text.replace(OLD_PLACEHOLDER, ""))) throw new Error(`${id}: a literal { or } in "${text}"`);
  return text.replace(OLD_PLACEHOLDER, "{$1}");
}

/** The dotted ids and ICU messages of a catalogue tree. */
function flatten(tree: Tree, lang: Lang, prefix: string, out: Texts, old: Record<string, Tree[string]>) {
  const forms = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
  for (const [key, node] of Object.entries(tree)) {
    const id = prefix + key;
    if (typeof node === "string") out[id] = toIcu(node, id);
    else if (isPlural(node)) {
      const cases = forms
        .filter((form) => form in node || form === "other")
        .map((form) => `${form} {${toIcu(node[form] ?? node.other!, `${id}.${form}`)}}`);
      out[id] = `{count, plural, ${cases.join(" ")}}`;
    } else {
      flatten(node, lang, `${id}.`, out, old);
      continue;
    }
    old[id] = node;
  }
}

/** What the old runtime showed for a text and values (its `interpolate` and plural choice). */
function oldRender(node: Tree[string], lang: Lang, values: Record<string, string | number>): string {
  let text: string;
  if (typeof node === "string") text = node;
  else {
    const plural = node as Plural;
    const count = Number(String(values.count).replaceAll(",", ""));
    text = plural[OLD_PLURAL_RULES[lang].select(count)] ?? plural.other!;
  }
  return text.replace(OLD_PLACEHOLDER, (placeholder, name: string) =>
    values[name] === undefined ? placeholder : String(values[name]),
  );
}

/** Renders every converted message through Lingui and compares it with the old rendering. */
function verify(lang: Lang, texts: Texts, old: Record<string, Tree[string]>) {
  const i18n = setupI18n({
    locale: lang,
    messages: {
      [lang]: Object.fromEntries(Object.entries(texts).map(([id, icu]) => [id, compileMessageOrThrow(icu)])),
    },
  });
  for (const [id, node] of Object.entries(old)) {
    const source = typeof node === "string" ? node : Object.values(node).join(" ");
    const names = [...new Set([...source.matchAll(OLD_PLACEHOLDER)].map((match) => match[1]!))];
    const counts = typeof node === "string" ? [undefined] : [0, 1, 2, 5, 21, 101, "1,001"];
    for (const count of counts) {
      const values: Record<string, string | number> = Object.fromEntries(
        names.map((name) => [name, `<${name}>`]),
      );
      if (count !== undefined) values.count = count;
      const before = oldRender(node, lang, values);
      const after = i18n._(id, values);
      if (after !== before) throw new Error(`${lang} ${id}: was "${before}", would show "${after}"`);
    }
  }
}

export async function convert(): Promise<number> {
  let count = 0;
  for (const lang of LANGS) {
    const trees = await tsCatalogues(lang);
    if (Object.keys(trees).length === 0) throw new Error(`no TypeScript catalogue for ${lang} in ${TS_DIR}`);
    for (const [part, tree] of Object.entries(trees)) {
      const texts: Texts = {};
      const old: Record<string, Tree[string]> = {};
      flatten(tree, lang, part === "start" ? "" : `${part}.`, texts, old);
      verify(lang, texts, old);
      await writeCatalogue(lang, part, texts);
      count += Object.keys(texts).length;
    }
  }
  await writeIds();
  return count;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const count = await convert();
  console.log(`wrote ${count} messages to app/src/i18n/locales and the ids to app/src/i18n/ids.ts`);
}

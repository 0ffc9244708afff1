/**
 * The app's PO catalogues (`app/src/i18n/locales/<lang>/<part>.po`), read and written with the PO
 * format app/lingui.config.ts sets, so these scripts and the Vite plugin read them alike.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import type { CatalogFormatter, CatalogType } from "@lingui/conf";
import linguiConfig, { LOCALES_DIR } from "../../../app/lingui.config.ts";
import { DEFAULT_LANG, type Lang } from "../../../app/src/i18n/lang.ts";
import { REPO_ROOT } from "../env.ts";

/** id -> ICU message. */
export type Texts = Record<string, string>;
/** part -> its texts. */
export type Catalogues = Record<string, Texts>;

export const CATALOGUES_DIR = join(REPO_ROOT, "app", LOCALES_DIR);
const po = linguiConfig.format as CatalogFormatter;

export const poPath = (lang: Lang, part: string) => join(CATALOGUES_DIR, lang, `${part}.po`);

/** A language's parts, by the names of its PO files. */
export function partsOf(lang: Lang): string[] {
  const dir = join(CATALOGUES_DIR, lang);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => file.endsWith(".po"))
    .map((file) => file.slice(0, -".po".length))
    .sort();
}

export async function readCatalogues(lang: Lang): Promise<Catalogues> {
  const catalogues: Catalogues = {};
  for (const part of partsOf(lang)) {
    const path = poPath(lang, part);
    const entries = (await po.parse(readFileSync(path, "utf8"), {
      locale: lang,
      sourceLocale: DEFAULT_LANG,
      filename: path,
    })) as CatalogType;
    catalogues[part] = Object.fromEntries(
      Object.entries(entries).map(([id, entry]) => [id, entry.translation ?? ""]),
    );
  }
  return catalogues;
}

/** Writes a part's texts in the given order, keeping the file's header when it exists. */
export async function writeCatalogue(lang: Lang, part: string, texts: Texts): Promise<void> {
  const path = poPath(lang, part);
  const catalog: CatalogType = Object.fromEntries(
    Object.entries(texts).map(([id, translation]) => [id, { translation, origin: [], comments: [] }]),
  );
  const existing = existsSync(path) ? readFileSync(path, "utf8") : undefined;
  mkdirSync(dirname(path), { recursive: true });
  const text = await po.serialize(catalog, {
    locale: lang,
    sourceLocale: DEFAULT_LANG,
    existing,
    filename: path,
  });
  writeFileSync(path, text);
}

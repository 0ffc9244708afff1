/**
 * Generates `app/src/i18n/ids.ts` from the zh (source) PO catalogues: the message ids `t()` accepts
 * (a typo fails `tsc`), those with plural forms, and the page parts. `npm run i18n:ids` writes it;
 * `npm run lint` fails when it is not what the catalogues give (scripts/src/i18n/check.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { format, resolveConfig } from "prettier";
import { DEFAULT_LANG } from "../../../app/src/i18n/lang.ts";
import { REPO_ROOT } from "../env.ts";
import { type Catalogues, readCatalogues } from "./po.ts";

export const IDS_FILE = join(REPO_ROOT, "app", "src", "i18n", "ids.ts");

const union = (names: string[]) =>
  names.length ? names.map((name) => JSON.stringify(name)).join(" | ") : "never";

/** The source of ids.ts for these (zh) catalogues. */
export async function idsSource(catalogues: Catalogues): Promise<string> {
  const parts = Object.keys(catalogues).filter((part) => part !== "start");
  const texts = Object.values(catalogues).flatMap((texts) => Object.entries(texts));
  const source = `// Generated from src/i18n/locales/${DEFAULT_LANG}/*.po by \`npm run i18n:ids\`: do not edit.

/** A page's catalogue part (\`loadParts\`): every PO file but \`start\`, which \`/\` loads. */
export type CataloguePart = ${union(parts)};

/** Every message id, e.g. "register.title". */
export type MessageId = ${union(texts.map(([id]) => id))};

/** The ids whose message has plural forms: \`t(id, { count })\`. */
export type PluralMessageId = ${union(texts.filter(([, text]) => /^\{count, plural,/.test(text)).map(([id]) => id))};
`;
  return format(source, { ...(await resolveConfig(IDS_FILE)), filepath: IDS_FILE });
}

export async function writeIds(): Promise<void> {
  writeFileSync(IDS_FILE, await idsSource(await readCatalogues(DEFAULT_LANG)));
}

/** Whether ids.ts matches the catalogues. */
export async function idsCurrent(catalogues: Catalogues): Promise<boolean> {
  return readFileSync(IDS_FILE, "utf8") === (await idsSource(catalogues));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await writeIds();
  console.log(`wrote ${IDS_FILE}`);
}

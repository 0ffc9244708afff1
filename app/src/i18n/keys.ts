import type { PartsCatalogue } from "./parts";
import type { Catalogue } from "./zh";

type Leaves<T, P extends string = ""> = {
  [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`>;
}[keyof T & string];

/**
 * Every translation key, e.g. "register.title". Derived from the catalogues (the start one and the
 * pages' parts): a typo fails `tsc`.
 */
export type I18nKey = Leaves<Catalogue & PartsCatalogue>;

/** A text with plural forms (`{ one, other }`): `t(key, { count })` picks the form (i18n/index.ts). */
export type I18nPluralKey = I18nKey extends infer K
  ? K extends `${infer Base}.other`
    ? Base
    : never
  : never;

/** A message to show later (toast, inline error): a key plus interpolation values, never raw error text. */
export type AppMessage = { key: I18nKey; values?: Record<string, string | number> };

/** Flattens a catalogue to "a.b.c" -> text (used by the parity test and for lookups outside React). */
export function flattenCatalogue(obj: object, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj)) {
    if (typeof v === "string") out[prefix + k] = v;
    else if (typeof v === "object" && v !== null) Object.assign(out, flattenCatalogue(v, `${prefix}${k}.`));
  }
  return out;
}

import type { MessageId, PluralMessageId } from "./ids";

/**
 * Every translation key, e.g. "register.title": the message ids of the PO catalogues (ids.ts,
 * generated from them), so a typo fails `tsc`.
 */
export type I18nKey = MessageId;

/** A text with plural forms (an ICU plural): `t(key, { count })` picks the form by the language's rules. */
export type I18nPluralKey = PluralMessageId;

/** A message to show later (toast, inline error): a key plus interpolation values, never raw error text. */
export type AppMessage = { key: I18nKey; values?: Record<string, string | number> };

/**
 * The answer envelope of every `POST /api/api/invest/<name>` route and the codes both sides act on.
 * No imports: the app's `/` bundle takes this module as it is.
 */

/** Path prefix of every route: `POST ${INVEST_PREFIX}/<name>`. */
export const INVEST_PREFIX = "/api/api/invest";

/** `code` of an answer (HTTP 200 for all three). */
export const API_CODE = {
  ok: 0,
  /** Session invalid: the app drops its login flag. */
  sessionInvalid: 4700,
  /** Rejected: the app shows `msg`. */
  rejected: 4800,
} as const;

export type ApiCode = (typeof API_CODE)[keyof typeof API_CODE];

/** `{ code, msg, data }`: `data` is the route's data on code 0, `null` otherwise. */
export type ApiEnvelope<T> = { code: number; msg: string; data: T | null };

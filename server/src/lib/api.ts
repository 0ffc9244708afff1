/** The legacy answer envelope `{ code, msg, data }` and the codes the front end reacts to. */
import { API_CODE } from "@taichi/api/codes";
import { t, type Lang, type MessageKey, type MessageParams } from "../i18n/messages.ts";

/** The contract's codes (0, 4700, 4800) and the server's answers outside the routes. */
export const CODE = {
  ...API_CODE,
  notFound: 404,
  serverError: 500,
  /** Rate limited (HTTP 429). */
  tooManyRequests: 429,
  /** Not ready to serve (HTTP 503, `/ready` only). */
  unavailable: 503,
} as const;

export type ApiCode = (typeof CODE)[keyof typeof CODE];
export type ApiBody<T> = { code: ApiCode; msg: string; data: T | null };

export function okBody<T>(lang: Lang, data: T): ApiBody<T> {
  return { code: CODE.ok, msg: t(lang, "success"), data };
}

export function failBody(code: ApiCode, msg: string): ApiBody<never> {
  return { code, msg, data: null };
}

/**
 * An expected refusal the server throws from a handler or hook; answered with HTTP 200, code 4800/4700,
 * in the request's language. (The app's `ApiError` is any answer with a code other than 0, as received.)
 */
export class ApiRefusal extends Error {
  readonly apiCode: typeof CODE.sessionInvalid | typeof CODE.rejected;
  readonly translate: (lang: Lang) => string;

  constructor(
    apiCode: typeof CODE.sessionInvalid | typeof CODE.rejected,
    key: MessageKey,
    translate: (lang: Lang) => string,
  ) {
    super(key);
    this.name = "ApiRefusal";
    this.apiCode = apiCode;
    this.translate = translate;
  }
}

/** `throw reject("someKey", { ... })`: answered as code 4800 with the translated message. */
export function reject<K extends MessageKey>(key: K, ...params: MessageParams<K>): ApiRefusal {
  return new ApiRefusal(CODE.rejected, key, (lang) => t(lang, key, ...params));
}

/** `throw sessionInvalid()`: answered as code 4700. */
export function sessionInvalid(): ApiRefusal {
  return new ApiRefusal(CODE.sessionInvalid, "sessionInvalid", (lang) => t(lang, "sessionInvalid"));
}

/** A timestamp column as ISO 8601 (PGlite and pg may return Date or string). */
export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}

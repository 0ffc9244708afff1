/** The legacy answer envelope `{ code, msg, data }` and the codes the front end reacts to. */
import { t, type Lang, type MessageKey, type MessageParams } from "../i18n/messages.ts";

export const CODE = {
  ok: 0,
  notFound: 404,
  serverError: 500,
  /** Session invalid: the front end drops its login flag. */
  sessionInvalid: 4700,
  /** Rejected: the front end shows `msg`. */
  rejected: 4800,
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

/** An expected refusal. Thrown from a handler or hook; answered with HTTP 200 in the request's language. */
export class ApiError extends Error {
  readonly apiCode: typeof CODE.sessionInvalid | typeof CODE.rejected;
  readonly translate: (lang: Lang) => string;

  constructor(
    apiCode: typeof CODE.sessionInvalid | typeof CODE.rejected,
    key: MessageKey,
    translate: (lang: Lang) => string,
  ) {
    super(key);
    this.name = "ApiError";
    this.apiCode = apiCode;
    this.translate = translate;
  }
}

/** `throw reject("someKey", { ... })`: answered as code 4800 with the translated message. */
export function reject<K extends MessageKey>(key: K, ...params: MessageParams<K>): ApiError {
  return new ApiError(CODE.rejected, key, (lang) => t(lang, key, ...params));
}

/** `throw sessionInvalid()`: answered as code 4700. */
export function sessionInvalid(): ApiError {
  return new ApiError(CODE.sessionInvalid, "sessionInvalid", (lang) => t(lang, "sessionInvalid"));
}

import { API_CODE } from "@taichi/api/codes";
import type { AppMessage } from "../i18n/keys";
import type { Lang } from "../i18n/lang";

/** Backend requests time out after 60 s. */
export const API_TIMEOUT_MS = 60_000;

/** The backend's answer codes (0 success, 4700 session invalid, 4800 rejected), from the API contract. */
export { API_CODE };

/** The envelope as received: nothing in it is trusted until checked. */
export type ApiEnvelope<T> = { code: number; msg?: string; data: T };

/**
 * The backend answered with a code other than 0 (4700, 4800 or one the app does not know). `message` is
 * the server's msg. (The server's `ApiRefusal` is the refusal it throws to answer 4700/4800.)
 */
export class ApiError extends Error {
  override name = "ApiError";
  constructor(
    readonly code: number,
    serverMessage: string,
    /** what the UI shows for it */
    readonly appMessage: AppMessage,
  ) {
    super(serverMessage);
  }
}

/** The backend answered with a non-2xx HTTP status (fetch itself does not reject for those). */
export class ApiHttpError extends Error {
  override name = "ApiHttpError";
  constructor(readonly status: number) {
    super(`HTTP ${status}`);
  }
}

export type ApiPayload = Record<string, string | number | bigint | boolean | null | undefined>;

export type ApiClientOptions = {
  /** e.g. "/api/api/invest" (env VITE_API_BASE); the path is `${baseUrl}/${name}` */
  baseUrl: string;
  /** the stored loginToken, sent as header `token` */
  getToken: () => string | null;
  /** the app language, sent as header `lang`: `zh-cn`, `en`, `zh-Hant`, `vi`, `id`, `ko`, `ja` or `th` */
  getLang: () => Lang;
  /** code 4700: the login flag becomes false */
  onSessionInvalid: () => void;
  /** shows a failure to the user (an error toast in the app) */
  notify: (message: AppMessage) => void;
  timeoutMs?: number;
};

export type ApiPost = <T = unknown>(name: string, payload?: ApiPayload) => Promise<T>;

/** The backend's language header value: `zh` -> `zh-cn` (as the backend has always read it), else the code. */
export const langHeader = (lang: Lang) => (lang === "zh" ? "zh-cn" : lang);

function formBody(payload: ApiPayload): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value !== undefined && value !== null) body.append(key, String(value));
  }
  return body;
}

/** Which message a transport failure (fetch rejected, timeout, HTTP status) shows. */
export function transportMessage(err: unknown): AppMessage {
  if (err instanceof ApiHttpError) return { key: "errors.apiStatus", values: { status: err.status } };
  const name = (err as { name?: unknown } | null)?.name;
  if (name === "TimeoutError" || name === "AbortError") return { key: "errors.apiTimeout" };
  return { key: "errors.apiUnreachable" };
}

/**
 * The backend client: form-encoded POST to `${baseUrl}/${name}` with headers
 * `token` and `lang`, 60 s timeout. Code 0 resolves `data`; 4700 sets the login flag false and
 * rejects; 4800 rejects with the server's msg (shown); any other code rejects with the generic
 * error (shown). Network errors, timeouts and HTTP status errors show their message and reject
 * with the original error.
 */
export function createApiClient(options: ApiClientOptions): ApiPost {
  const timeoutMs = options.timeoutMs ?? API_TIMEOUT_MS;

  return async function post<T>(name: string, payload: ApiPayload = {}): Promise<T> {
    const headers: Record<string, string> = {
      "content-type": "application/x-www-form-urlencoded;charset=UTF-8",
      lang: langHeader(options.getLang()),
    };
    const token = options.getToken();
    if (token) headers.token = token;

    let envelope: ApiEnvelope<T>;
    try {
      const response = await fetch(`${options.baseUrl}/${name}`, {
        method: "POST",
        headers,
        body: formBody(payload),
        signal: AbortSignal.timeout(timeoutMs),
      });
      if (!response.ok) throw new ApiHttpError(response.status);
      envelope = (await response.json()) as ApiEnvelope<T>;
    } catch (err) {
      if (!(err instanceof SyntaxError)) {
        options.notify(transportMessage(err));
        throw err;
      }
      envelope = { code: -1, msg: "invalid JSON", data: undefined as T };
    }

    const code = typeof envelope?.code === "number" ? envelope.code : -1;
    const msg = typeof envelope?.msg === "string" ? envelope.msg : "";
    if (code === API_CODE.ok) return envelope.data;
    if (code === API_CODE.sessionInvalid) {
      options.onSessionInvalid();
      throw new ApiError(code, msg, { key: "errors.sessionExpired" });
    }
    const message: AppMessage =
      code === API_CODE.rejected && msg
        ? { key: "errors.server", values: { msg } }
        : { key: "errors.generic" };
    options.notify(message);
    throw new ApiError(code, msg, message);
  };
}

// @vitest-environment node
import { type IncomingMessage, type Server, type ServerResponse, createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppMessage } from "../i18n/keys";
import type { Lang } from "../i18n/lang";
import { API_TIMEOUT_MS, ApiError, ApiHttpError, createApiClient } from "./api";

type Seen = { method: string; url: string; headers: IncomingMessage["headers"]; body: string };

/** A real HTTP server on 127.0.0.1 (random port); each test sets how it answers. */
let server: Server;
let base: string;
let seen: Seen[] = [];
let answer: (req: Seen, res: ServerResponse) => void;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      const entry = { method: req.method ?? "", url: req.url ?? "", headers: req.headers, body };
      seen.push(entry);
      answer(entry, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/api/invest`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const json = (status: number, value: unknown) => (_req: Seen, res: ServerResponse) => {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(value));
};

function client(
  overrides: { token?: string | null; lang?: Lang; timeoutMs?: number; baseUrl?: string } = {},
) {
  const notified: AppMessage[] = [];
  const onSessionInvalid = vi.fn();
  const post = createApiClient({
    baseUrl: overrides.baseUrl ?? base,
    getToken: () => (overrides.token === undefined ? "tok-123" : overrides.token),
    getLang: () => overrides.lang ?? "zh",
    onSessionInvalid,
    notify: (m) => notified.push(m),
    timeoutMs: overrides.timeoutMs,
  });
  return { post, notified, onSessionInvalid };
}

beforeEach(() => {
  seen = [];
  answer = json(200, { code: 0, msg: "ok", data: null });
});

describe("backend client: the request", () => {
  it("POSTs the payload form-encoded to <base>/<name> with token and lang headers", async () => {
    answer = json(200, { code: 0, msg: "", data: { isRegister: true } });
    const { post } = client();
    await expect(post("isRegister", { address: "0xabc", page: 2, skip: undefined })).resolves.toEqual({
      isRegister: true,
    });
    const [req] = seen;
    expect(req!.method).toBe("POST");
    expect(req!.url).toBe("/api/api/invest/isRegister");
    expect(req!.headers["content-type"]).toMatch(/^application\/x-www-form-urlencoded/);
    expect(req!.headers.token).toBe("tok-123");
    expect(req!.headers.lang).toBe("zh-cn");
    expect(Object.fromEntries(new URLSearchParams(req!.body))).toEqual({ address: "0xabc", page: "2" });
  });

  it("sends lang en, and no token header without a stored loginToken", async () => {
    const { post } = client({ token: null, lang: "en" });
    await post("home");
    expect(seen[0]!.headers.lang).toBe("en");
    expect(seen[0]!.headers.token).toBeUndefined();
    expect(seen[0]!.body).toBe("");
    // the other languages by their own code, which the server reads as the same language
    await client({ token: null, lang: "zh-Hant" }).post("home");
    await client({ token: null, lang: "vi" }).post("home");
    expect(seen.slice(1).map((req) => req.headers.lang)).toEqual(["zh-Hant", "vi"]);
  });

  it("times out after 60 s by default", () => {
    expect(API_TIMEOUT_MS).toBe(60_000);
  });
});

describe("backend client: answer codes", () => {
  it("code 4700: the login flag becomes false and the call rejects", async () => {
    answer = json(200, { code: 4700, msg: "token invalid", data: null });
    const { post, onSessionInvalid, notified } = client();
    const err = await post("my").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(4700);
    expect(onSessionInvalid).toHaveBeenCalledTimes(1);
    expect(notified).toEqual([]);
  });

  it("code 4800: rejects with the server's msg, which is shown", async () => {
    answer = json(200, { code: 4800, msg: "余额不足", data: null });
    const { post, notified, onSessionInvalid } = client();
    const err = (await post("withdraw", { num: 5 }).catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe("余额不足");
    expect(err.appMessage).toEqual({ key: "errors.server", values: { msg: "余额不足" } });
    expect(notified).toEqual([{ key: "errors.server", values: { msg: "余额不足" } }]);
    expect(onSessionInvalid).not.toHaveBeenCalled();
  });

  it("any other code (or a broken body): rejects with the generic error", async () => {
    answer = json(200, { code: 500, msg: "internal detail", data: null });
    const { post, notified } = client();
    const err = (await post("home").catch((e: unknown) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.appMessage).toEqual({ key: "errors.generic" });
    expect(notified).toEqual([{ key: "errors.generic" }]);

    answer = (_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end("not json");
    };
    await expect(post("home")).rejects.toBeInstanceOf(ApiError);
    expect(notified).toEqual([{ key: "errors.generic" }, { key: "errors.generic" }]);
  });
});

describe("backend client: transport failures keep the original error", () => {
  it("an HTTP status error shows 'interface status abnormal' and rejects it", async () => {
    answer = (_req, res) => {
      res.writeHead(502);
      res.end("bad gateway");
    };
    const { post, notified } = client();
    const err = await post("home").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiHttpError);
    expect((err as ApiHttpError).status).toBe(502);
    expect(notified).toEqual([{ key: "errors.apiStatus", values: { status: 502 } }]);
  });

  it("a timeout shows 'request timeout' and rejects the fetch's own TimeoutError", async () => {
    answer = () => {}; // never answers
    const { post, notified } = client({ timeoutMs: 150 });
    const err = await post("home").catch((e: unknown) => e);
    expect((err as Error).name).toBe("TimeoutError");
    expect(notified).toEqual([{ key: "errors.apiTimeout" }]);
  });

  it("an unreachable backend shows 'backend unreachable' and rejects fetch's TypeError", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve)); // nothing listens there any more
    const { post, notified } = client({ baseUrl: `http://127.0.0.1:${port}/api/api/invest` });
    const err = await post("home").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TypeError);
    expect(notified).toEqual([{ key: "errors.apiUnreachable" }]);
  });
});

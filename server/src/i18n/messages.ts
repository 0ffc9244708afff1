/**
 * The one catalogue of answer messages. `zh-cn` must have exactly the keys of `en` (a missing or
 * extra key fails the type check), and `t` requires the `{placeholders}` the English text uses.
 */
export const LANGS = ["zh-cn", "en"] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = "zh-cn";

const en = {
  success: "Success",
  operateError: "Operate Error",
  invalidParameter: "invalid parameter: {field}",
  invalidRequest: "invalid request",
  sessionInvalid: "Login expired, please sign in again",
  notFound: "Not Found",
} as const;

export type MessageKey = keyof typeof en;

const zhCn: { readonly [K in MessageKey]: string } = {
  success: "成功",
  operateError: "操作失败",
  invalidParameter: "参数错误: {field}",
  invalidRequest: "请求无效",
  sessionInvalid: "登录已失效，请重新登录",
  notFound: "接口不存在",
};

export const MESSAGES: { readonly [L in Lang]: { readonly [K in MessageKey]: string } } = {
  en,
  "zh-cn": zhCn,
};

type Placeholders<S extends string> = S extends `${string}{${infer Name}}${infer Rest}`
  ? Name | Placeholders<Rest>
  : never;

/** `[]` for a message without placeholders, `[{ field: ... }]` for one with them. */
export type MessageParams<K extends MessageKey> = [Placeholders<(typeof en)[K]>] extends [never]
  ? []
  : [params: { readonly [P in Placeholders<(typeof en)[K]>]: string | number }];

export function t<K extends MessageKey>(lang: Lang, key: K, ...args: MessageParams<K>): string {
  const template = MESSAGES[lang][key];
  const params: Readonly<Record<string, string | number>> = args[0] ?? {};
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The `lang` request header: `en` or `zh-cn`; anything else (or nothing) is `zh-cn`. */
export function resolveLang(header: string | string[] | undefined): Lang {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return LANGS.find((lang) => lang === value) ?? DEFAULT_LANG;
}

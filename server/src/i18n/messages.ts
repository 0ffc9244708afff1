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
  tooManyRequests: "Too many requests, please try again later",
  loginFailed: "Sign-in failed: {reason}",
  notRegistered: "Please register first",
  alreadyRegistered: "This address is already registered",
  recommendNotRegistered:
    "The recommended address is not registered, please enter a valid recommended address",
  recommendIsSelf: "You cannot recommend yourself",
  recommendIsYourReferral: "The referral cannot be your own direct referral",
  machineNotFound: "No such machine type",
  nodeNotFound: "No such node",
  quantityTooSmall: "Quantity must be greater than 0",
  amountExceedsMax: "Amount exceeds the maximum ({max})",
  nodeSoldOut: "This node is sold out",
  nodeAlreadyOwned: "You already hold a node",
  balanceInsufficient: "Balance insufficient",
  belowMinimum: "Below the minimum ({min})",
  arbMinimum: "ARB withdrawal must be more than {min}",
  hashUsed: "This transaction has already been used",
  paymentInvalid: "Payment not accepted: {reason}",
  notInTeam: "This member is not in your team",
  notOperator: "Operators only",
  withdrawalNotFound: "No such withdrawal",
  withdrawalState: "Withdrawal {id} is {status}; it cannot become {to}",
  notApprover: "Withdrawal {id} was approved by {approver}: only that operator can reject it",
  payoutInvalid: "Payout not accepted: {reason}",
  usernameCharacters: "The username may not contain < or > or invisible formatting characters",
  busy: "The server is busy, please try again shortly",
  treasuryPayer: "The treasury cannot pay for a member",
} as const;

export type MessageKey = keyof typeof en;

const zhCn: { readonly [K in MessageKey]: string } = {
  success: "成功",
  operateError: "操作失败",
  invalidParameter: "参数错误: {field}",
  invalidRequest: "请求无效",
  sessionInvalid: "登录已失效，请重新登录",
  notFound: "接口不存在",
  tooManyRequests: "请求过于频繁，请稍后再试",
  loginFailed: "登录失败: {reason}",
  notRegistered: "请先注册",
  alreadyRegistered: "该地址已注册",
  recommendNotRegistered: "推荐地址未注册，请输入有效的推荐地址",
  recommendIsSelf: "不能推荐自己",
  recommendIsYourReferral: "推荐人不能是您自己的直推",
  machineNotFound: "矿机类型不存在",
  nodeNotFound: "节点不存在",
  quantityTooSmall: "数量必须大于0",
  amountExceedsMax: "数量超过最大值 ({max})",
  nodeSoldOut: "该节点已售罄",
  nodeAlreadyOwned: "您已持有节点",
  balanceInsufficient: "余额不足",
  belowMinimum: "低于最小值 ({min})",
  arbMinimum: "ARB 提现必须大于 {min}",
  hashUsed: "该交易已被使用",
  paymentInvalid: "支付未通过: {reason}",
  notInTeam: "该成员不在您的团队中",
  notOperator: "仅限运营人员操作",
  withdrawalNotFound: "提现申请不存在",
  withdrawalState: "提现申请 {id} 当前为 {status}，不能变更为 {to}",
  notApprover: "提现申请 {id} 由 {approver} 审核通过：只有该操作员可以驳回",
  payoutInvalid: "打款未通过: {reason}",
  usernameCharacters: "用户名不能包含 < 或 > 或不可见的格式字符",
  busy: "服务器繁忙，请稍后再试",
  treasuryPayer: "金库地址不能为会员付款",
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

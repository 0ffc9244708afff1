import type { AbiParameter } from "viem";
import type { ContractName } from "../../lib/deployments";
import type { AppMessage, I18nKey } from "../../i18n/keys";
import { type ChangeClass, settingsChangeClass, tierChangeClass } from "./changeClass";
import { type Field, type Scalar, type Values, display } from "./fields";

/**
 * One configuration form: what it reads, what it sends, and the typed fields in between. Adding a
 * contract is adding descriptors (and its ABI name in `abis.ts`); the form, the diff, the confirm
 * dialog and the audit log's old -> new all work from these.
 *
 * - `key`: a per-account form (fee exemption, blacklist, team level): the getter and setter take the
 *   account first.
 * - `getter.select`: maps the getter's output to field values (default: the returned struct).
 * - `setter.toArgs`: builds the arguments (default: from the setter's ABI inputs by name, a struct
 *   input from its components, so a struct that gained a component keeps its current value);
 *   `setter.fromArgs` its inverse, for a scheduled call's new values (default: the same rule backwards).
 * - `event`: the admin event the setter emits, for the audit log's old -> new.
 * - `beside`: getters without arguments read beside the form (one query), for `caps` and `check`; the
 *   form is shown once they are read.
 * - `check`: rules across fields that the contract enforces too (with the `beside` reads, normalized).
 * - `caps`: caps that depend on the `beside` reads: field name -> max, in place of the field's own `max`.
 * - `note`: a line under the title.
 * - `changeClass`: for a setter the manager may call only in members' favour, whose a change is (the current
 *   values and the values to send): the manager's, at once, or the owner's, through the timelock.
 */
export type Section = {
  id: SectionId;
  contract: ContractName;
  /** Only the owner may call the setter (otherwise owner or manager). */
  ownerOnly?: boolean;
  key?: Field;
  getter: { fn: string; select?: (raw: unknown) => Partial<Values> };
  setter: {
    fn: string;
    toArgs?: (values: Values) => unknown[];
    fromArgs?: (args: readonly unknown[]) => Partial<Values>;
  };
  fields: Field[];
  event?: { name: string; toValues?: (args: Record<string, unknown>) => Partial<Values> };
  beside?: readonly string[];
  check?: (values: Values, beside: readonly unknown[]) => AppMessage | undefined;
  caps?: (beside: readonly unknown[]) => Partial<Record<string, bigint>>;
  note?: I18nKey;
  changeClass?: (current: Partial<Values>, next: Partial<Values>) => ChangeClass;
};

export type SectionId =
  | "presaleManager"
  | "presaleRegistrar"
  | "idoConfig"
  | "idoFund"
  | "idoSwapToken"
  | "stakingConfig"
  | "stakingLevels"
  | "stakingTiers"
  | "stakingToken"
  | "stakingTeamLevel"
  | "stakingBlacklist"
  | "stakingIncomeRates"
  | "stakingNodes"
  | "lpSwapRates"
  | "tokenFees"
  | "tokenAccounts"
  | "tokenShareDistributor"
  | "tokenSwapSettings"
  | "tokenOpening"
  | "tokenFeeExempt"
  | "tokenBlacklist"
  | "burnSettings"
  | "miningSettings"
  | "lpDividendRewardMin"
  | "lpDividendBlacklist"
  | "holdDividendBlacklist"
  | "nodeRates"
  | "nodeForces";

const PCT = 10_000n; // every contract's RATE_DENOMINATOR / FEE_DENOMINATOR
const E18 = 10n ** 18n;
const DAY = 86_400n;

/** Getter output -> plain values: small uints come back from viem as numbers, fields want bigints. */
export function normalize(raw: unknown): unknown {
  if (typeof raw === "number") return BigInt(raw);
  if (Array.isArray(raw)) return raw.map(normalize);
  if (raw && typeof raw === "object") {
    return Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, normalize(v)]));
  }
  return raw;
}

/** select for a getter returning one value. */
const one =
  (name: string) =>
  (raw: unknown): Partial<Values> => ({ [name]: raw as Scalar });
/** select for a getter returning several values. */
const many =
  (...names: string[]) =>
  (raw: unknown): Partial<Values> =>
    Object.fromEntries(names.map((n, i) => [n, (raw as Scalar[])[i]!]));

export class MissingValueError extends Error {
  override name = "MissingValueError";
}

/**
 * Setter arguments from its ABI inputs: each input by name (a trailing `_` dropped), a struct input
 * from its components by name. Throws MissingValueError when a name has no value (a changed ABI).
 */
export function argsFromAbi(inputs: readonly AbiParameter[], values: Partial<Values>): unknown[] {
  const pick = (name: string) => {
    const v = values[name.replace(/_$/, "")];
    if (v === undefined) throw new MissingValueError(name);
    return v;
  };
  return inputs.map((input) => {
    if (input.type === "tuple" && "components" in input) {
      return Object.fromEntries(input.components.map((c) => [c.name ?? "", pick(c.name ?? "")]));
    }
    return pick(input.name ?? "");
  });
}

// ------------------------------------------------------------------ cross-field rules

/** Entries of each array must not decrease (Staking NotAscending). */
export function checkAscending(values: Values, names: readonly string[]): AppMessage | undefined {
  for (const name of names) {
    const list = values[name] as readonly bigint[] | undefined;
    if (!list) continue;
    for (let i = 1; i < list.length; i++) {
      if (list[i]! < list[i - 1]!) {
        return { key: "manager.errors.ascending", values: { field: name, position: i + 1 } };
      }
    }
  }
  return undefined;
}

/** Staking tiers: min <= max, rate * days <= 50_000 (at most 5x the principal). */
export function checkTiers(values: Values): AppMessage | undefined {
  const days = values.stakeDays as readonly bigint[];
  const rates = values.stakeRates as readonly bigint[];
  const mins = values.stakeMins as readonly bigint[];
  const maxs = values.stakeMaxs as readonly bigint[];
  for (let t = 0; t < days.length; t++) {
    if (mins[t]! > maxs[t]!) return { key: "manager.errors.minAboveMax", values: { tier: t + 1 } };
    if (rates[t]! * days[t]! > 50_000n) return { key: "manager.errors.tierIncome", values: { tier: t + 1 } };
  }
  return undefined;
}

export const FEE_PARTS = ["burn", "pool", "node", "market", "dividend"] as const;
export const MAX_TOTAL_FEE = 2500n;

/** Token fees: each side's five parts add up to at most 25%. */
export function checkFeeTotal(values: Values): AppMessage | undefined {
  for (const side of ["buy", "sell"] as const) {
    const total = FEE_PARTS.reduce((sum, p) => sum + (values[`${side}_${p}`] as bigint), 0n);
    if (total > MAX_TOTAL_FEE) return { key: "manager.errors.feeTotal", values: { side } };
  }
  return undefined;
}

/** Ido: claims open at most this long after the sale ends (Ido's `_MAX_CLAIM_DELAY`). */
const MAX_CLAIM_DELAY = 365n * DAY;

/**
 * Ido: a change the manager may not make at once, so the owner's (the timelock's): any change once
 * someone has bought (`SaleHasBuyers`), and before that a higher price (`PriceRaiseNeedsOwner`) or a
 * lower allotment (`AllotmentCutNeedsOwner`).
 */
/** The change class of a setter whose change against members `isOwners` tells (the timelock waits for it). */
function ownersWhen(isOwners: (current: Partial<Values>, next: Values) => boolean) {
  return (current: Partial<Values>, next: Partial<Values>): ChangeClass =>
    isOwners(current, next as Values)
      ? { owner: true, reasons: [{ key: "manager.ownerChange" }] }
      : { owner: false };
}

export function idoChangeIsOwners(current: Partial<Values>, next: Values): boolean {
  const was = current as Record<string, bigint | undefined>;
  const now = next as Record<string, bigint>;
  if ((was.idoHas ?? 0n) > 0n) return true;
  if (now.idoAmount! > (was.idoAmount ?? 0n)) return true;
  return (["idoTokens1", "idoTokens2", "idoTokens3"] as const).some((k) => now[k]! < (was[k] ?? 0n));
}

/** LpSwap: lowering either release rate is the owner's (`RateCutNeedsOwner`); a raise is the manager's. */
export function lpSwapChangeIsOwners(current: Partial<Values>, next: Values): boolean {
  const was = current as Record<string, bigint | undefined>;
  const now = next as Record<string, bigint>;
  return now.lpRate! < (was.lpRate ?? 0n) || now.tokenRate! < (was.tokenRate ?? 0n);
}

/** Ido schedule: start < end <= extract <= end + 365 days. */
export function checkSchedule(values: Values): AppMessage | undefined {
  const { startTime, endTime, extractTime } = values as Record<string, bigint>;
  if (!(startTime! < endTime!) || endTime! > extractTime! || extractTime! > endTime! + MAX_CLAIM_DELAY) {
    return { key: "manager.errors.schedule" };
  }
  return undefined;
}

/** What Staking's `_checkDynamicTotal` adds up (StakingAdmin.sol), in basis points. */
export type DynamicRates = {
  algebra: bigint;
  inviteRate: bigint;
  /** teamRates #10, the top level's */
  topTeamRate: bigint;
  equalRate: bigint;
  nodeRate: bigint;
  /** the largest tier's `stakeRates * stakeDays` (static income, basis points of the principal); none: 0 */
  maxOrderIncome?: bigint;
};

/** The most the dynamic-rates total may be: 100% of an order's static income. */
export const MAX_DYNAMIC_TOTAL = PCT;

/**
 * The most the dynamic-rates total may be: 100% of an order's static income (DynamicRatesTooHigh), and
 * in every tier at most the order's principal (UplineIncomeTooHigh: `stakeRates * stakeDays * total / 10,000
 * <= 10,000`). `r.maxOrderIncome`: the largest `stakeRates * stakeDays`, basis points of the principal.
 */
export function dynamicCap(r: DynamicRates): bigint {
  if (!r.maxOrderIncome) return MAX_DYNAMIC_TOTAL;
  const byPrincipal = (PCT * PCT) / r.maxOrderIncome;
  return byPrincipal < MAX_DYNAMIC_TOTAL ? byPrincipal : MAX_DYNAMIC_TOTAL;
}

/** `algebra * inviteRate + teamRates[9] + equalRate + nodeRate`. */
export function dynamicTotal(r: DynamicRates): bigint {
  return r.algebra * r.inviteRate + r.topTeamRate + r.equalRate + r.nodeRate;
}

/**
 * The dynamic rates after a form is sent: its values over the stored ones. `beside`: normalized
 * `getConfig()`, `getConfigMulti()`, `getIncomeRates()` (STAKING_RATES).
 */
export function dynamicRates(
  values: Partial<Values>,
  [config, multi, income]: readonly unknown[],
): DynamicRates {
  const pick = (name: string, stored: unknown) =>
    (values[name] ?? (stored as Record<string, unknown>)[name]) as bigint;
  const stored = multi as Record<string, readonly bigint[]>;
  const list = (name: string) => (values[name] ?? stored[name] ?? []) as readonly bigint[];
  const teamRates = list("teamRates");
  const days = list("stakeDays");
  const maxOrderIncome = list("stakeRates").reduce((max, rate, t) => {
    const income = rate * (days[t] ?? 0n);
    return income > max ? income : max;
  }, 0n);
  return {
    maxOrderIncome,
    algebra: pick("algebra", config),
    inviteRate: pick("inviteRate", config),
    topTeamRate: teamRates.at(-1)!,
    equalRate: pick("equalRate", config),
    nodeRate: pick("nodeRate", income),
  };
}

/** Getters the dynamic-rates rule reads beside a Staking form, in `dynamicRates`' order. */
export const STAKING_RATES = ["getConfig", "getConfigMulti", "getIncomeRates"] as const;

/**
 * Staking's settings and team-level forms: a combination whose dynamic-rates total exceeds 100% is
 * refused on chain (`DynamicRatesTooHigh(total, max)`), so it is refused before anything is sent,
 * naming the total and the cap.
 */
export function checkDynamicRates(values: Values, beside: readonly unknown[]): AppMessage | undefined {
  const r = dynamicRates(values, beside);
  const total = dynamicTotal(r);
  const cap = dynamicCap(r);
  if (total <= cap) return undefined;
  const pct = (v: bigint) => display({ kind: "rate", max: PCT }, v);
  const sum = `${r.algebra} × ${pct(r.inviteRate)} + ${pct(r.topTeamRate)} + ${pct(r.equalRate)} + ${pct(r.nodeRate)}`;
  return {
    key: "manager.errors.dynamicRates",
    values: { sum, total: pct(total), max: pct(cap) },
  };
}

/**
 * Staking's nodeRate cap: the dynamic-rates total is at most 100% (DynamicRatesTooHigh), so nodeRate
 * gets what the others leave. `beside`: as `dynamicRates`' (the income rates themselves unused).
 */
export function nodeRateMax(beside: readonly unknown[]): { nodeRate: bigint } {
  const r = dynamicRates({ nodeRate: 0n }, beside);
  const left = dynamicCap(r) - dynamicTotal(r);
  return { nodeRate: left > 0n ? left : 0n };
}

/** The fields with the caps a section's `caps` computed in place of their own `max`. */
export function applyCaps(fields: readonly Field[], maxes: Partial<Record<string, bigint>>): Field[] {
  return fields.map((f) => {
    const max = maxes[f.name];
    if (max === undefined || (f.kind !== "rate" && f.kind !== "amount" && f.kind !== "int")) return f;
    return { ...f, max };
  });
}

// ------------------------------------------------------------------ the forms

const rate = (name: string, max: bigint = PCT): Field => ({ name, kind: "rate", max });
const amount = (name: string, max?: bigint, min?: bigint): Field => ({ name, kind: "amount", max, min });
const time = (name: string): Field => ({ name, kind: "time" });
const account: Field = { name: "account", kind: "address" };

/** Presale, Ido, Staking, LpSwap (the `/manager` page). */
export const mainSections: Section[] = [
  {
    id: "presaleManager",
    contract: "Presale",
    ownerOnly: true,
    getter: { fn: "getConfig" },
    setter: { fn: "setManager" },
    fields: [{ name: "manager", kind: "address" }],
    event: { name: "ManagerUpdated", toValues: (a) => ({ manager: a.newManager as Scalar }) },
  },
  {
    id: "presaleRegistrar",
    contract: "Presale",
    ownerOnly: true,
    key: { name: "registrar", kind: "address" },
    getter: { fn: "isRegistrar", select: one("allowed") },
    setter: { fn: "setRegistrar" },
    fields: [{ name: "allowed", kind: "bool" }],
    event: { name: "RegistrarUpdated" },
  },
  {
    id: "idoConfig",
    contract: "Ido",
    getter: { fn: "getConfig" },
    setter: { fn: "setConfig" },
    fields: [
      rate("directRate", 1000n),
      rate("indirectRate", 1000n),
      amount("idoAmount", 2n ** 80n - 1n, 1n),
      amount("idoTokens1", 2n ** 96n - 1n, 1n),
      amount("idoTokens2", 2n ** 96n - 1n, 1n),
      amount("idoTokens3", 2n ** 96n - 1n, 1n),
      { name: "idoMax", kind: "int", max: 65_535n },
      time("startTime"),
      time("endTime"),
      time("extractTime"),
    ],
    event: { name: "ConfigUpdated" },
    check: checkSchedule,
    changeClass: ownersWhen(idoChangeIsOwners),
    note: "manager.notes.idoConfig",
  },
  {
    id: "idoFund",
    contract: "Ido",
    ownerOnly: true,
    getter: { fn: "fund", select: one("fund") },
    setter: { fn: "setFund" },
    fields: [{ name: "fund", kind: "address" }],
    event: { name: "FundUpdated", toValues: (a) => ({ fund: a.newFund as Scalar }) },
  },
  {
    id: "idoSwapToken",
    contract: "Ido",
    ownerOnly: true,
    getter: { fn: "swapToken", select: one("token") },
    setter: { fn: "setSwapToken" },
    fields: [{ name: "token", kind: "address" }],
    event: { name: "SwapTokenUpdated", toValues: (a) => ({ token: a.newToken as Scalar }) },
  },
  {
    id: "stakingConfig",
    contract: "Staking",
    // the manager may only lower fbPrice; the rest is the owner's
    changeClass: settingsChangeClass,
    note: "manager.notes.stakingConfig",
    getter: { fn: "getConfig" },
    setter: { fn: "setConfig" },
    fields: [
      time("addTime"),
      { name: "dayTimes", kind: "int", unit: "seconds", min: 1n, max: 30n * DAY },
      { name: "algebra", kind: "int", max: 10n },
      { ...rate("feeRate", 5000n), note: "manager.notes.feeRate" },
      { name: "handleGas", kind: "int", unit: "gas", max: 30_000_000n },
      rate("swapRate"),
      rate("buyRate"),
      rate("selfRate"),
      rate("inviteRate", 2000n),
      rate("equalRate", 2000n),
      rate("fundRate"),
      amount("fbPrice", 10n ** 30n, 10n ** 6n),
    ],
    event: { name: "ConfigUpdated" },
    beside: STAKING_RATES,
    check: checkDynamicRates,
  },
  {
    id: "stakingLevels",
    contract: "Staking",
    getter: { fn: "getConfigMulti" },
    setter: { fn: "setConfigMulti" },
    fields: [
      { name: "inviteValids", kind: "int", max: 2n ** 24n - 1n, length: 10 },
      { name: "teamAmounts", kind: "amount", max: 10n ** 9n * E18, length: 10 },
      { name: "teamRates", kind: "rate", max: 5000n, length: 10 },
    ],
    event: { name: "ConfigMultiUpdated" },
    beside: STAKING_RATES,
    check: (v, beside) =>
      checkAscending(v, ["inviteValids", "teamAmounts", "teamRates"]) ?? checkDynamicRates(v, beside),
  },
  {
    id: "stakingTiers",
    contract: "Staking",
    getter: { fn: "getConfigMulti" },
    setter: { fn: "setConfigMulti" },
    fields: [
      { name: "stakeDays", kind: "int", unit: "days", max: 3650n, length: 5 },
      { name: "stakeRates", kind: "rate", max: 1000n, length: 5 },
      { name: "stakeStocks", kind: "amount", max: 10n ** 9n * E18, length: 5 },
      { name: "stakeMins", kind: "amount", length: 5 },
      { name: "stakeMaxs", kind: "amount", max: 10n ** 9n * E18, length: 5 },
      { name: "stakeUserMaxs", kind: "amount", max: 10n ** 9n * E18, length: 5 },
    ],
    event: { name: "ConfigMultiUpdated" },
    check: checkTiers,
    // a longer lock or a lower rate is the owner's
    changeClass: tierChangeClass,
    note: "manager.notes.stakingTiers",
  },
  {
    id: "stakingToken",
    contract: "Staking",
    ownerOnly: true,
    getter: { fn: "token", select: one("token") },
    setter: { fn: "setToken" },
    fields: [{ name: "token", kind: "address" }],
    event: { name: "TokenUpdated", toValues: (a) => ({ token: a.newToken as Scalar }) },
  },
  {
    id: "stakingTeamLevel",
    contract: "Staking",
    key: account,
    getter: { fn: "teams" },
    setter: { fn: "setTeamLevel" },
    fields: [
      { name: "level", kind: "int", max: 10n },
      { name: "isManual", kind: "bool" },
    ],
    event: { name: "TeamLevelSet" },
  },
  {
    id: "stakingBlacklist",
    contract: "Staking",
    ownerOnly: true,
    key: account,
    getter: { fn: "isBlacklisted", select: one("blacklisted") },
    setter: { fn: "setBlacklist" },
    fields: [{ name: "blacklisted", kind: "bool" }],
    event: { name: "BlacklistUpdated" },
  },
  {
    id: "stakingIncomeRates",
    contract: "Staking",
    getter: { fn: "getIncomeRates" },
    setter: { fn: "setIncomeRates" },
    fields: [
      { ...rate("nodeRate"), note: "manager.notes.nodeRate" },
      rate("exitRate", 5000n),
      rate("bottomRate", 5000n),
      rate("bottomFloor"),
    ],
    event: { name: "IncomeRatesUpdated" },
    beside: STAKING_RATES,
    caps: nodeRateMax,
    note: "manager.notes.stakingIncomeRates",
  },
  {
    id: "stakingNodes",
    contract: "Staking",
    key: account,
    getter: { fn: "nodes", select: many("isNode", "reward", "nodeCount") },
    setter: { fn: "setNode" },
    fields: [
      { name: "isNode", kind: "bool" },
      { ...amount("reward"), readOnly: true },
      { name: "nodeCount", kind: "int", readOnly: true },
    ],
    event: { name: "NodeUpdated" },
    note: "manager.notes.stakingNodes",
  },
  {
    id: "lpSwapRates",
    contract: "LpSwap",
    getter: { fn: "getConfig" },
    setter: { fn: "setRates" },
    fields: [
      { name: "lpRate", kind: "rate", max: PCT },
      { name: "tokenRate", kind: "rate", max: PCT },
    ],
    event: { name: "RatesUpdated" },
    changeClass: ownersWhen(lpSwapChangeIsOwners),
    note: "manager.notes.lpSwapRates",
  },
];

/** NodeReward: the three class rates add up to exactly 100%. */
export function checkNodeRates(values: Values): AppMessage | undefined {
  const sum = (values.rates as readonly bigint[]).reduce((a, b) => a + b, 0n);
  return sum === PCT ? undefined : { key: "manager.errors.ratesSum" };
}

/** The distributors (LpDividend, HoldDividend, NodeReward); shown once their ABIs are generated and they are deployed. */
export const distributorSections: Section[] = [
  {
    id: "lpDividendRewardMin",
    contract: "LpDividend",
    getter: { fn: "getConfig" },
    setter: { fn: "setRewardMin" },
    fields: [amount("rewardMin", 1000n * E18)],
    event: { name: "RewardMinUpdated" },
  },
  {
    id: "lpDividendBlacklist",
    contract: "LpDividend",
    ownerOnly: true,
    key: account,
    getter: {
      fn: "users",
      select: (raw) => ({ blackListed: (raw as { isBlackList: boolean }).isBlackList }),
    },
    setter: { fn: "setBlackList" },
    fields: [{ name: "blackListed", kind: "bool" }],
    event: { name: "BlackListUpdated" },
  },
  {
    id: "holdDividendBlacklist",
    contract: "HoldDividend",
    ownerOnly: true,
    key: account,
    getter: { fn: "isBlacklisted", select: one("blackListed") },
    setter: { fn: "setBlackList" },
    fields: [{ name: "blackListed", kind: "bool" }],
    event: { name: "BlackListUpdated" },
  },
  {
    id: "nodeRates",
    contract: "NodeReward",
    ownerOnly: true,
    getter: { fn: "getConfig" },
    setter: { fn: "setRates" },
    fields: [{ name: "rates", kind: "rate", max: PCT, length: 3 }],
    event: { name: "RatesUpdated" },
    check: checkNodeRates,
  },
  {
    id: "nodeForces",
    contract: "NodeReward",
    key: account,
    getter: { fn: "getUserInfo" },
    setter: { fn: "setUserForce" },
    fields: [
      { name: "isForceA", kind: "bool" },
      { name: "isForceB", kind: "bool" },
      { name: "isForceC", kind: "bool" },
    ],
    event: { name: "UserForceUpdated" },
    note: "manager.notes.nodeForces",
  },
];

/**
 * State a contract reports but has no setter for, shown read-only above its forms: the getter and the
 * typed fields it is displayed with (`getter.select` as in a Section).
 */
export type Overview = {
  id: "holdDividendState" | "holdDividendToken";
  contract: ContractName;
  getter: { fn: string; select?: (raw: unknown) => Partial<Values> };
  fields: Field[];
};

export const overviews: Overview[] = [
  {
    id: "holdDividendToken",
    contract: "HoldDividend",
    // the held token is also the reward token
    getter: { fn: "getTokens", select: many("token") },
    fields: [{ name: "token", kind: "address" }],
  },
  {
    id: "holdDividendState",
    contract: "HoldDividend",
    getter: { fn: "getConfig" },
    fields: [
      { name: "totalUser", kind: "int" },
      amount("totalForce"),
      amount("totalReward"),
      amount("lastBalance"),
      amount("rewardPer"),
      { name: "lastIndex", kind: "int" },
    ],
  },
];

const feeFields: Field[] = (["buy", "sell"] as const).flatMap((side) =>
  FEE_PARTS.map((p) => rate(`${side}_${p}`, 1000n)),
);
const feesToValues = ([buy, sell]: [Record<string, bigint>, Record<string, bigint>]): Values =>
  Object.fromEntries(
    FEE_PARTS.flatMap((p) => [
      [`buy_${p}`, buy[p]!],
      [`sell_${p}`, sell[p]!],
    ]),
  );
const valuesToFees = (v: Values) =>
  (["buy", "sell"] as const).map((side) => Object.fromEntries(FEE_PARTS.map((p) => [p, v[`${side}_${p}`]])));

/** The forms every fee token (SwapToken, BurnToken, MiningToken) has; all owner-only. */
export function tokenSections(contract: "SwapToken" | "BurnToken" | "MiningToken"): Section[] {
  const sections: Section[] = [
    {
      id: "tokenFees",
      contract,
      ownerOnly: true,
      getter: { fn: "getFees", select: (raw) => feesToValues(raw as never) },
      setter: {
        fn: "setFees",
        toArgs: valuesToFees,
        fromArgs: (args) => feesToValues(normalize(args) as never),
      },
      fields: feeFields,
      event: {
        name: "FeesUpdated",
        toValues: (a) => feesToValues(normalize([a.buyFees, a.sellFees]) as never),
      },
      check: checkFeeTotal,
    },
    {
      id: "tokenAccounts",
      contract,
      ownerOnly: true,
      getter: { fn: "getAccounts" },
      setter: { fn: "setAccounts" },
      fields: [
        { name: "market", kind: "address" },
        { name: "node", kind: "address" },
        { name: "trc", kind: "address", allowZero: true },
        { name: "main", kind: "address", allowZero: true },
        { name: "distributor", kind: "address" },
      ],
      event: { name: "AccountsUpdated" },
    },
    {
      id: "tokenSwapSettings",
      contract,
      ownerOnly: true,
      getter: { fn: "getSwapSettings", select: many("swapThreshold", "swapSlippage") },
      setter: { fn: "setSwapSettings" },
      fields: [amount("swapThreshold", undefined, 1n), rate("swapSlippage", 2000n)],
      event: { name: "SwapSettingsUpdated" },
    },
    {
      id: "tokenFeeExempt",
      contract,
      ownerOnly: true,
      key: account,
      getter: { fn: "isFeeExempt", select: one("exempt") },
      setter: { fn: "setFeeExempt" },
      fields: [{ name: "exempt", kind: "bool" }],
      event: { name: "FeeExemptUpdated" },
    },
    {
      id: "tokenBlacklist",
      contract,
      ownerOnly: true,
      key: account,
      getter: { fn: "isBlackList", select: one("blackListed") },
      setter: { fn: "setBlackList" },
      fields: [{ name: "blackListed", kind: "bool" }],
      event: { name: "BlackListUpdated" },
    },
  ];
  if (contract === "SwapToken") {
    sections.push({
      id: "tokenShareDistributor",
      contract,
      ownerOnly: true,
      getter: { fn: "shareDistributor", select: one("distributor") },
      setter: { fn: "setShareDistributor" },
      fields: [{ name: "distributor", kind: "address", allowZero: true }],
      event: { name: "ShareDistributorUpdated" },
      note: "manager.notes.tokenShareDistributor",
    });
  }
  if (contract !== "MiningToken") {
    // only these two expose the opening in getConfig; setOpening reverts once trading is open
    sections.push({
      id: "tokenOpening",
      contract,
      ownerOnly: true,
      getter: { fn: "getConfig" },
      setter: { fn: "setOpening" },
      fields: [time("openTime"), { name: "startBlock", kind: "int", unit: "blocks" }],
      event: { name: "OpeningUpdated" },
    });
  }
  if (contract === "BurnToken") {
    sections.push({
      id: "burnSettings",
      contract,
      ownerOnly: true,
      getter: { fn: "getConfig" },
      setter: { fn: "setBurnSettings" },
      fields: [
        { name: "burnTime", kind: "int", unit: "seconds", max: 3650n * DAY },
        amount("burnMin"),
        amount("activeAmount"),
        { name: "dividendGas", kind: "int", unit: "gas", max: 5_000_000n },
        amount("swapEveryMax"),
        { name: "swapEveryTime", kind: "int", unit: "seconds", max: DAY },
      ],
      event: { name: "BurnSettingsUpdated" },
    });
  }
  if (contract === "MiningToken") {
    sections.push({
      id: "miningSettings",
      contract,
      ownerOnly: true,
      getter: { fn: "getConfig" },
      setter: { fn: "setMiningSettings" },
      fields: [
        { name: "whiteTime", kind: "int", unit: "seconds", max: DAY },
        amount("whiteMax"),
        { name: "sendGAS", kind: "int", unit: "gas", max: 5_000_000n },
        { name: "autoSwap", kind: "bool" },
      ],
      event: { name: "MiningSettingsUpdated" },
    });
  }
  return sections;
}

export const TOKENS = ["SwapToken", "BurnToken", "MiningToken"] as const;
export const trcSections: Section[] = TOKENS.flatMap(tokenSections);

/** Every section, for the audit log's old -> new. */
export const allSections: Section[] = [...mainSections, ...distributorSections, ...trcSections];

/** The event's new values: a lone struct argument is the values, otherwise the arguments by name. */
export function eventValues(section: Section, args: Record<string, unknown>): Partial<Values> {
  if (section.event?.toValues) return section.event.toValues(args);
  const entries = Object.values(args);
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only && typeof only === "object" && !Array.isArray(only)) return normalize(only) as Partial<Values>;
  return normalize(args) as Partial<Values>;
}

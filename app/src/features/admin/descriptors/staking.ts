import type { AppMessage } from "../../../i18n/keys";
import { settingsChangeClass, tierChangeClass } from "../changeClass";
import { type Scalar, type Values, display } from "../fields";
import { DAY, E18, PCT, type Section, account, amount, many, one, rate, time } from "./section";

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

export const stakingSections: Section[] = [
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
];

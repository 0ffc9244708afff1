import type { AbiParameter } from "viem";
import type { AppMessage, I18nKey } from "../../../i18n/keys";
import type { ContractName } from "../../../lib/deployments";
import { RATE_DENOMINATOR } from "../../../lib/format";
import type { ChangeClass } from "../changeClass";
import type { Field, Scalar, Values } from "../fields";

/**
 * One configuration form: what it reads, what it sends, and the typed fields in between. Adding a
 * contract is adding its file of descriptors here (and its name to `MANAGED` in `registry.ts`); the form, the diff, the confirm
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

export const PCT = RATE_DENOMINATOR;
export const E18 = 10n ** 18n;
export const DAY = 86_400n;

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
export const one =
  (name: string) =>
  (raw: unknown): Partial<Values> => ({ [name]: raw as Scalar });
/** select for a getter returning several values. */
export const many =
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

/** The change class of a setter whose change against members `isOwners` tells (the timelock waits for it). */
export function ownersWhen(isOwners: (current: Partial<Values>, next: Values) => boolean) {
  return (current: Partial<Values>, next: Partial<Values>): ChangeClass =>
    isOwners(current, next as Values)
      ? { owner: true, reasons: [{ key: "manager.ownerChange" }] }
      : { owner: false };
}

/** The fields with the caps a section's `caps` computed in place of their own `max`. */
export function applyCaps(fields: readonly Field[], maxes: Partial<Record<string, bigint>>): Field[] {
  return fields.map((f) => {
    const max = maxes[f.name];
    if (max === undefined || (f.kind !== "rate" && f.kind !== "amount" && f.kind !== "int")) return f;
    return { ...f, max };
  });
}

// field builders the forms share
export const rate = (name: string, max: bigint = PCT): Field => ({ name, kind: "rate", max });
export const amount = (name: string, max?: bigint, min?: bigint): Field => ({
  name,
  kind: "amount",
  max,
  min,
});
export const time = (name: string): Field => ({ name, kind: "time" });
export const account: Field = { name: "account", kind: "address" };

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

/** The event's new values: a lone struct argument is the values, otherwise the arguments by name. */
export function eventValues(section: Section, args: Record<string, unknown>): Partial<Values> {
  if (section.event?.toValues) return section.event.toValues(args);
  const entries = Object.values(args);
  const only = entries.length === 1 ? entries[0] : undefined;
  if (only && typeof only === "object" && !Array.isArray(only)) return normalize(only) as Partial<Values>;
  return normalize(args) as Partial<Values>;
}

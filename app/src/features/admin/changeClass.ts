import type { AppMessage } from "../../i18n/keys";
import type { FieldValue, Values } from "./fields";

/**
 * How the connected account reaches a privileged function:
 * - `direct`: it is the contract's owner, or the Presale's manager for a manager-class function;
 * - `timelock`: the timelock owns the contract and the account is one of its proposers, so the call is
 *   scheduled and runs after the delay;
 * - `none`: it cannot (the form is read-only).
 */
export type Route = "direct" | "timelock" | "none";

/**
 * Whose change a form's change is, for a setter both the manager and the owner may call but the manager
 * only in members' favour (Staking's `setConfigMulti` tiers and `setConfig`):
 * - `manager`: every change is in members' favour, so the manager may make it at once;
 * - `owner`: some change is against members (each named in `reasons`): only the owner may make it, which
 *   for a timelock-owned contract means scheduling it on the timelock.
 */
export type ChangeClass = { owner: false } | { owner: true; reasons: AppMessage[] };

const MANAGER: ChangeClass = { owner: false };

const list = (v: FieldValue | undefined) => (Array.isArray(v) ? (v as readonly bigint[]) : []);

/**
 * Staking tiers (`setConfigMulti`, StakingAdmin's `OwnerOnlyChange`): a tier whose lock grows (`stakeDays`;
 * a closed tier, 0 days, reopening grows it) or whose daily rate falls (`stakeRates`) is the owner's. A
 * shorter or equal lock (closing a tier, to 0, included), a same or higher rate and every other field (stock,
 * min, max, per-member max) are in members' favour.
 */
export function tierChangeClass(current: Partial<Values>, next: Partial<Values>): ChangeClass {
  const oldDays = list(current.stakeDays);
  const newDays = list(next.stakeDays);
  const oldRates = list(current.stakeRates);
  const newRates = list(next.stakeRates);
  const reasons: AppMessage[] = [];
  const tiers = Math.max(newDays.length, newRates.length);
  for (let t = 0; t < tiers; t++) {
    const tier = t + 1;
    const [from, to] = [oldDays[t] ?? 0n, newDays[t] ?? oldDays[t] ?? 0n];
    if (to > from) {
      reasons.push(
        from === 0n
          ? { key: "manager.path.reopens", values: { tier } }
          : { key: "manager.path.longerLock", values: { tier } },
      );
    }
    const [was, rate] = [oldRates[t], newRates[t]];
    if (was !== undefined && rate !== undefined && rate < was) {
      reasons.push({ key: "manager.path.lowerRate", values: { tier } });
    }
  }
  return reasons.length ? { owner: true, reasons } : MANAGER;
}

const same = (a: FieldValue | undefined, b: FieldValue | undefined): boolean => {
  if (Array.isArray(a) || Array.isArray(b)) {
    const [x, y] = [list(a), list(b)];
    return x.length === y.length && x.every((v, i) => same(v, y[i]));
  }
  if (typeof a === "string" && typeof b === "string") return a.toLowerCase() === b.toLowerCase();
  return a === b;
};

/**
 * Staking settings (`setConfig`, StakingAdmin's `OwnerOnlyChange("fbPrice", 0)`): the manager may only lower
 * `fbPrice` (a lower price values a token deposit lower, never against members), with every other setting as
 * it is; a higher `fbPrice` or any other change is the owner's. Compares the settings `next` holds.
 */
export function settingsChangeClass(current: Partial<Values>, next: Partial<Values>): ChangeClass {
  const reasons: AppMessage[] = [];
  for (const [field, value] of Object.entries(next)) {
    if (field === "fbPrice") {
      if ((value as bigint) > (current.fbPrice as bigint))
        reasons.push({ key: "manager.path.higherFbPrice" });
    } else if (!same(current[field], value)) {
      reasons.push({ key: "manager.path.ownerField", values: { field } });
    }
  }
  return reasons.length ? { owner: true, reasons } : MANAGER;
}

/**
 * How a change of class `changeClass` reaches the contract: the form's own route (`route`, the setter's
 * manager-class route) for the manager's change, the owner-class route (`ownerRoute`) for one against
 * members. "none": the account cannot make it (a manager who is no timelock proposer, for a change against
 * members); undefined while the roles are read.
 */
export function changeRoute(
  changeClass: ChangeClass | undefined,
  routes: { route: Route | undefined; ownerRoute: Route | undefined },
): Route | undefined {
  return changeClass?.owner ? routes.ownerRoute : routes.route;
}

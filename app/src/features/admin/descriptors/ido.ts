import type { AppMessage } from "../../../i18n/keys";
import type { Scalar, Values } from "../fields";
import { DAY, type Section, amount, one, ownersWhen, rate, time } from "./section";

/** Ido: claims open at most this long after the sale ends (Ido's `_MAX_CLAIM_DELAY`). */
const MAX_CLAIM_DELAY = 365n * DAY;

/**
 * Ido: a change the manager may not make at once, so the owner's (the timelock's): any change once
 * someone has bought (`SaleHasBuyers`), and before that a higher price (`PriceRaiseNeedsOwner`) or a
 * lower allotment (`AllotmentCutNeedsOwner`).
 */
export function idoChangeIsOwners(current: Partial<Values>, next: Values): boolean {
  const was = current as Record<string, bigint | undefined>;
  const now = next as Record<string, bigint>;
  if ((was.idoHas ?? 0n) > 0n) return true;
  if (now.idoAmount! > (was.idoAmount ?? 0n)) return true;
  return (["idoTokens1", "idoTokens2", "idoTokens3"] as const).some((k) => now[k]! < (was[k] ?? 0n));
}

/** Ido schedule: start < end <= extract <= end + 365 days. */
export function checkSchedule(values: Values): AppMessage | undefined {
  const { startTime, endTime, extractTime } = values as Record<string, bigint>;
  if (!(startTime! < endTime!) || endTime! > extractTime! || extractTime! > endTime! + MAX_CLAIM_DELAY) {
    return { key: "manager.errors.schedule" };
  }
  return undefined;
}

export const idoSections: Section[] = [
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
];

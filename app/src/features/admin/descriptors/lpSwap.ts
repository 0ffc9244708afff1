import type { Values } from "../fields";
import { PCT, type Section, ownersWhen } from "./section";

/** LpSwap: lowering either release rate is the owner's (`RateCutNeedsOwner`); a raise is the manager's. */
export function lpSwapChangeIsOwners(current: Partial<Values>, next: Values): boolean {
  const was = current as Record<string, bigint | undefined>;
  const now = next as Record<string, bigint>;
  return now.lpRate! < (was.lpRate ?? 0n) || now.tokenRate! < (was.tokenRate ?? 0n);
}

export const lpSwapSections: Section[] = [
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

import type { AppMessage } from "../../../i18n/keys";
import type { Values } from "../fields";
import { PCT, type Section, account } from "./section";

/** NodeReward: the three class rates add up to exactly 100%. */
export function checkNodeRates(values: Values): AppMessage | undefined {
  const sum = (values.rates as readonly bigint[]).reduce((a, b) => a + b, 0n);
  return sum === PCT ? undefined : { key: "manager.errors.ratesSum" };
}

export const nodeRewardSections: Section[] = [
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

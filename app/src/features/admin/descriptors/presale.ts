import type { Scalar } from "../fields";
import type { Section } from "./section";
import { one } from "./section";

export const presaleSections: Section[] = [
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
];

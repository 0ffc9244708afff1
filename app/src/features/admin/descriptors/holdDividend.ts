import { type Overview, type Section, account, amount, many, one } from "./section";

export const holdDividendSections: Section[] = [
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
];

export const holdDividendOverviews: Overview[] = [
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

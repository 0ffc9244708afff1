import { E18, type Section, account, amount } from "./section";

export const lpDividendSections: Section[] = [
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
];

import type { AppMessage } from "../../../i18n/keys";
import type { Field, Values } from "../fields";
import { DAY, type Section, account, amount, many, normalize, one, rate, time } from "./section";

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

import { ABIS } from "@taichi/contracts/registry";
import { isAdminEvent } from "@taichi/contracts/events";

/**
 * The product's contracts by their deployment names: every admin event of theirs is in the audit log,
 * and every event of the Timelock (which owns the others).
 */
export const PRODUCT_ABIS = {
  Presale: ABIS.Presale,
  Ido: ABIS.Ido,
  Staking: ABIS.Staking,
  LpSwap: ABIS.LpSwap,
  LpDividend: ABIS.LpDividend,
  HoldDividend: ABIS.HoldDividend,
  NodeReward: ABIS.NodeReward,
  SwapToken: ABIS.SwapToken,
  BurnToken: ABIS.BurnToken,
  MiningToken: ABIS.MiningToken,
  Timelock: ABIS.Timelock,
} as const;

export type ProductContract = keyof typeof PRODUCT_ABIS;

/**
 * A member's activity: staking deposits, releases, early closes, credits and claims, presale purchases and claims,
 * dividend and node payouts, LP swap claims. Each has the member as its `account` argument.
 */
const MEMBER_EVENTS: Partial<Record<ProductContract, readonly string[]>> = {
  Staking: ["Deposited", "Released", "ClosedEarly", "RewardCredited", "RewardClaimed"],
  Ido: ["Purchased", "Claimed", "RewardClaimed"],
  LpDividend: ["RewardPaid"],
  HoldDividend: ["RewardPaid"],
  NodeReward: ["Claimed"],
  LpSwap: ["Claimed"],
};

export type HistoryKind = "admin" | "member";

/** Whether an event of a product contract is indexed into the history, and as what. */
export function historyKind(contract: ProductContract, event: string): HistoryKind | undefined {
  if (contract === "Timelock" || isAdminEvent(event)) return "admin";
  if (MEMBER_EVENTS[contract]?.includes(event)) return "member";
  return undefined;
}

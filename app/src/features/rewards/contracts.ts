import { holdDividendAbi, lpDividendAbi, nodeRewardAbi, pairAbi } from "@taichi/contracts";
import { contract } from "../../lib/deployments";

/** The distributors (docs/dividends.md). */
export const lpDividend = contract("LpDividend", lpDividendAbi);
export const holdDividend = contract("HoldDividend", holdDividendAbi);
export const nodeReward = contract("NodeReward", nodeRewardAbi);

/** The LP LpDividend is deployed with (`getConfig().lp`, set once at initialization): BurnToken's USDT pair. */
export const lpPair = contract("Pair_BurnToken_Usdt", pairAbi);

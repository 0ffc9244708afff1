import { holdDividendOverviews, holdDividendSections } from "./holdDividend";
import { idoSections } from "./ido";
import { lpDividendSections } from "./lpDividend";
import { lpSwapSections } from "./lpSwap";
import { nodeRewardSections } from "./nodeReward";
import { presaleSections } from "./presale";
import type { Overview, Section } from "./section";
import { stakingSections } from "./staking";
import { TOKENS, tokenSections } from "./tokens";

/**
 * The forms of every managed contract, one file per contract; each file holds its contract's forms and
 * the cross-field rules they check.
 */
export * from "./section";
export * from "./ido";
export * from "./lpSwap";
export * from "./nodeReward";
export * from "./staking";
export * from "./tokens";

/** Presale, Ido, Staking, LpSwap (the `/manager` page). */
export const mainSections: Section[] = [
  ...presaleSections,
  ...idoSections,
  ...stakingSections,
  ...lpSwapSections,
];

/** The distributors (LpDividend, HoldDividend, NodeReward); shown once their ABIs are generated and they are deployed. */
export const distributorSections: Section[] = [
  ...lpDividendSections,
  ...holdDividendSections,
  ...nodeRewardSections,
];

export const trcSections: Section[] = TOKENS.flatMap(tokenSections);

/** Every section, for the audit log's old -> new. */
export const allSections: Section[] = [...mainSections, ...distributorSections, ...trcSections];

/** Read-only state shown above a contract's forms. */
export const overviews: Overview[] = [...holdDividendOverviews];

import type { rewards as zh } from "./rewards.zh";

/** English texts of the dividends and node rewards card (on the mine page): typed as the Chinese ones, so a missing or extra key fails `tsc`. */
export const rewards: typeof zh = {
  title: "Dividends and node rewards",
  unavailable: "The dividend contracts are not available on this network",
  connect: "Connect your wallet to see your dividends",
  lp: "LP dividend",
  lpStaked: "Staked LP",
  lpWallet: "LP in your wallet",
  lpPaid: "Paid",
  lpPending: "Earned, not yet paid",
  lpHint:
    "Only staked LP earns: it counts from the next block on, and unstaking ends it at once (what you earned stays yours). Paid in rounds by a keeper, or claim it any time",
  lpEmpty: "You hold no LP of the BurnToken/USDT pair: add liquidity on the DEX, then stake it here",
  lpBlackListed: "This address is blacklisted: it earns no new LP dividend, and can still unstake",
  lpAction: "Action",
  stake: "Stake",
  unstake: "Unstake",
  stakeAmount: "Amount to stake (LP)",
  unstakeAmount: "Amount to unstake (LP)",
  claimLp: "Claim LP dividend",
  hold: "Hold dividend",
  holdShare: "Credited tokens",
  holdOwed: "Claimable",
  holdClaimed: "Claimed",
  update: "Update my share",
  updateHint:
    "Your share is the lower of your balance now and at your last update; a new holding needs a second update a block later",
  claim: "Claim",
  node: "Node rewards",
  nodeClass: "Node class",
  nodeNone: "Not a node",
  rewardA: "Class A rewards",
  rewardB: "Class B rewards",
  rewardC: "Class C rewards",
  nodeOwed: "Claimable",
  nothing: "Nothing to claim",
};

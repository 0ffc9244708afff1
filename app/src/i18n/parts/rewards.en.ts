import type { rewards as zh } from "./rewards.zh";

/** English texts of the dividends and node rewards card (on the mine page): typed as the Chinese ones, so a missing or extra key fails `tsc`. */
export const rewards: typeof zh = {
  title: "Dividends and node rewards",
  unavailable: "The dividend contracts are not available on this network",
  connect: "Connect your wallet to see your dividends",
  lp: "LP dividend",
  lpShare: "Credited LP",
  lpPaid: "Paid",
  lpPending: "Owed",
  lpHint: "Paid in rounds by a keeper",
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

/**
 * What a `sendReward(gas)` transaction needs beside its budget: the transaction's own 21,000, sharing what
 * arrived, and the 45,000 a round keeps of what its transaction has to end cleanly (docs/dividends.md).
 */
export const SEND_REWARD_OVERHEAD = 150_000n;

/**
 * The least gas limit a `sendReward(budget)` round is sent with. LpDividend keeps within the gas its
 * transaction has: with less it pays fewer holders and still succeeds, so an estimate (the least gas at
 * which the call succeeds) would send a round that pays almost nobody.
 */
export const sendRewardGasLimit = (budget: bigint): bigint => budget + SEND_REWARD_OVERHEAD;

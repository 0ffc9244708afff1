import { describe, expect, it } from "vitest";
import { SEND_REWARD_OVERHEAD, sendRewardGasLimit } from "./sendReward";

describe("sendRewardGasLimit: a round is sent with its whole budget", () => {
  it("is the budget plus the transaction's overhead", () => {
    expect(sendRewardGasLimit(300_000n)).toBe(300_000n + SEND_REWARD_OVERHEAD);
    expect(SEND_REWARD_OVERHEAD >= 21_000n + 45_000n).toBe(true);
  });
});

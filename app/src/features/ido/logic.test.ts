import { describe, expect, it } from "vitest";
import {
  type BuyInput,
  buyBlockReason,
  claimState,
  idoStage,
  salePhase,
  dayHasPassed,
  shareOf,
  tierOf,
  tierTokens,
  buyArgs,
} from "./logic";

const schedule = {
  startTime: 10_000n,
  endTime: 20_000n,
  idoHas: 0n,
  idoMax: 2000n,
  priorityWindow: 1200n,
};

describe("idoStage", () => {
  it("is not started before the priority window, counting down to startTime", () => {
    expect(idoStage(schedule, 8_799)).toEqual({ stage: "notStarted", countdownTo: 10_000 });
  });
  it("is the priority window from startTime - 20 min until startTime", () => {
    expect(idoStage(schedule, 8_800).stage).toBe("priority");
    expect(idoStage(schedule, 9_999)).toEqual({ stage: "priority", countdownTo: 10_000 });
  });
  it("is ongoing from startTime through endTime itself, counting down to endTime", () => {
    expect(idoStage(schedule, 10_000)).toEqual({ stage: "ongoing", countdownTo: 20_000 });
    expect(idoStage(schedule, 20_000).stage).toBe("ongoing");
  });
  it("is ended after endTime, even when sold out", () => {
    expect(idoStage(schedule, 20_001)).toEqual({ stage: "ended" });
    expect(idoStage({ ...schedule, idoHas: 2000n }, 20_001).stage).toBe("ended");
  });
  it("is sold out when idoHas reached idoMax before the end", () => {
    expect(idoStage({ ...schedule, idoHas: 2000n }, 15_000)).toEqual({ stage: "soldOut" });
    expect(idoStage({ ...schedule, idoHas: 1999n }, 15_000).stage).toBe("ongoing");
  });
});

describe("tiers and rates", () => {
  it("puts participants 1-1000, 1001-1500 and later in tiers 1, 2, 3", () => {
    expect(tierOf(1n)).toBe(1);
    expect(tierOf(1000n)).toBe(1);
    expect(tierOf(1001n)).toBe(2);
    expect(tierOf(1500n)).toBe(2);
    expect(tierOf(1501n)).toBe(3);
    expect(tierOf(2000n)).toBe(3);
  });

  it("prices a participation number like tokensFor: its tier's tokens, none for 0", () => {
    const config = { idoTokens1: 300n, idoTokens2: 200n, idoTokens3: 100n };
    expect(tierTokens(config, 0n)).toBe(0n);
    expect(tierTokens(config, 1n)).toBe(300n);
    expect(tierTokens(config, 1000n)).toBe(300n);
    expect(tierTokens(config, 1001n)).toBe(200n);
    expect(tierTokens(config, 1500n)).toBe(200n);
    expect(tierTokens(config, 1501n)).toBe(100n);
  });
  it("computes the referral shares of 50 USDT as 2.5 and 1.5", () => {
    expect(shareOf(50n * 10n ** 18n, 500n)).toBe(25n * 10n ** 17n);
    expect(shareOf(50n * 10n ** 18n, 300n)).toBe(15n * 10n ** 17n);
    expect(shareOf(99n, 500n)).toBe(4n); // rounds down
  });
});

describe("buyBlockReason", () => {
  const ready: BuyInput = {
    connected: true,
    wrongChain: false,
    stage: "ongoing",
    registryIndex: 3n,
    idoIndex: 0n,
    hasPriority: false,
    usdtBalance: 100n,
    price: 50n,
  };
  it("enables buying for a registered member with enough USDT while the sale is open", () => {
    expect(buyBlockReason(ready)).toBeUndefined();
  });
  it("names each reason", () => {
    expect(buyBlockReason({ ...ready, connected: false })).toBe("notConnected");
    expect(buyBlockReason({ ...ready, wrongChain: true })).toBe("wrongChain");
    expect(buyBlockReason({ ...ready, usdtBalance: undefined })).toBe("loading");
    expect(buyBlockReason({ ...ready, idoIndex: 1n })).toBe("alreadyBought");
    expect(buyBlockReason({ ...ready, registryIndex: 0n })).toBe("notRegistered");
    expect(buyBlockReason({ ...ready, stage: "notStarted" })).toBe("notStarted");
    expect(buyBlockReason({ ...ready, stage: "priority" })).toBe("noPriority");
    expect(buyBlockReason({ ...ready, stage: "ended" })).toBe("ended");
    expect(buyBlockReason({ ...ready, stage: "soldOut" })).toBe("soldOut");
    expect(buyBlockReason({ ...ready, usdtBalance: 49n })).toBe("balance");
  });
  it("waits (loading) until every read it decides on has arrived, whichever is missing", () => {
    const reads = ["stage", "registryIndex", "idoIndex", "hasPriority", "usdtBalance", "price"] as const;
    for (const read of reads) {
      expect(buyBlockReason({ ...ready, [read]: undefined }), read).toBe("loading");
    }
    // in the priority window, a holder's answer not yet known
    expect(buyBlockReason({ ...ready, stage: "priority", hasPriority: undefined })).toBe("loading");
  });
  it("lets priority holders buy in the priority window", () => {
    expect(buyBlockReason({ ...ready, stage: "priority", hasPriority: true })).toBeUndefined();
  });
  it("puts 'already bought' before the sale's own state", () => {
    expect(buyBlockReason({ ...ready, idoIndex: 7n, stage: "ended" })).toBe("alreadyBought");
  });
  it("accepts a balance equal to the price", () => {
    expect(buyBlockReason({ ...ready, usdtBalance: 50n })).toBeUndefined();
  });
});

describe("claimState", () => {
  it("follows participation, extractTime and the claim", () => {
    expect(claimState({ idoIndex: 0n, balance: 0n }, 100n, 200)).toBe("notParticipant");
    expect(claimState({ idoIndex: 1n, balance: 5n }, 100n, 99)).toBe("notOpen");
    expect(claimState({ idoIndex: 1n, balance: 5n }, 100n, 100)).toBe("ready");
    expect(claimState({ idoIndex: 1n, balance: 0n }, 100n, 200)).toBe("claimed");
  });
});

describe("salePhase: what home and /ido say", () => {
  const at = (now: number, idoHas = 0n) => salePhase(idoStage({ ...schedule, idoHas }, now), 30_000n, now);
  it("before the sale (priority window included), counting down to the start", () => {
    expect(at(8_000)).toEqual({ phase: "before", countdownTo: 10_000 });
    expect(at(9_000)).toEqual({ phase: "before", countdownTo: 10_000 });
  });
  it("open through endTime, counting down to the end", () => {
    expect(at(10_000)).toEqual({ phase: "open", countdownTo: 20_000 });
    expect(at(20_000)).toEqual({ phase: "open", countdownTo: 20_000 });
  });
  it("over (ended, or sold out early) until the claims open, counting down to extractTime", () => {
    expect(at(20_001)).toEqual({ phase: "over", countdownTo: 30_000 });
    expect(at(15_000, 2000n)).toEqual({ phase: "over", countdownTo: 30_000 });
    expect(at(29_999)).toEqual({ phase: "over", countdownTo: 30_000 });
  });
  it("claims from extractTime itself", () => {
    expect(at(30_000)).toEqual({ phase: "claims" });
  });
});

describe("dayHasPassed", () => {
  it("a day ends at the next midnight UTC", () => {
    const endOf30June2025 = Date.UTC(2025, 6, 1) / 1000;
    expect(dayHasPassed("2025-06-30", endOf30June2025 - 1)).toBe(false);
    expect(dayHasPassed("2025-06-30", endOf30June2025)).toBe(true);
  });
});

describe("buyArgs: a purchase carries the terms shown", () => {
  it("is the price as the most paid and the next participation's allotment as the least received", () => {
    const config = { idoAmount: 50n * 10n ** 18n, idoTokens1: 300n, idoTokens2: 200n, idoTokens3: 100n };
    expect(buyArgs(config, tierTokens(config, 1001n))).toEqual([50n * 10n ** 18n, 200n]);
  });
});

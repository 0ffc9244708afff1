import { describe, expect, it } from "vitest";
import { type KeeperChain, createPriceKeeper, nextUpdateAt, pollSeconds } from "./priceKeeper.ts";

const WINDOW = 1800n;

/**
 * Staking's price observation rules (Staking._observe and _tokenPrice) on a clock the test moves:
 * `updatePrice()` keeps an observation when a window has passed since the last one; a token deposit at
 * `t` finds a price when the average it would use spans at most two windows.
 */
function simulatedStaking(start: bigint, window = WINDOW) {
  const state = { now: start, window, observedAt: start, span: 0n, calls: 0, failNext: 0 };
  const chain: KeeperChain = {
    now: async () => state.now,
    window: async () => state.window,
    async updatePrice() {
      if (state.failNext > 0) {
        state.failNext--;
        throw new Error("fetch failed");
      }
      state.calls++;
      const elapsed = state.now - state.observedAt;
      if (elapsed < state.window) return { observed: false, time: state.now };
      state.span = elapsed;
      state.observedAt = state.now;
      return { observed: true, time: state.now };
    },
  };
  /** Whether a token deposit now finds a recent average (no PriceUnavailable). */
  const depositPriced = () => {
    const elapsed = state.now - state.observedAt;
    const span = elapsed < state.window ? state.span : elapsed;
    return span > 0n && span <= 2n * state.window;
  };
  return { state, chain, depositPriced };
}

/** Ticks the keeper every `pollSeconds(window)` for `seconds`, checking a deposit would be priced at each step once `from` is passed. */
async function run(sim: ReturnType<typeof simulatedStaking>, seconds: bigint, from = 0n) {
  const keeper = createPriceKeeper(sim.chain);
  const end = sim.state.now + seconds;
  const priced = new Set<boolean>();
  const start = sim.state.now;
  while (sim.state.now < end) {
    await keeper.tick();
    if (sim.state.now - start >= from) priced.add(sim.depositPriced());
    sim.state.now += BigInt(keeper.pollSeconds);
  }
  return { keeper, priced };
}

describe("nextUpdateAt", () => {
  it("at once when nothing is known, one window after an observation, a sixth of a window after a call that kept none", () => {
    expect(nextUpdateAt({ kind: "unknown" }, WINDOW)).toBe(0n);
    expect(nextUpdateAt({ kind: "observed", time: 1_000n }, WINDOW)).toBe(2_800n);
    expect(nextUpdateAt({ kind: "younger", checkedAt: 1_000n }, WINDOW)).toBe(1_300n);
    expect(nextUpdateAt({ kind: "younger", checkedAt: 1_000n }, 5n)).toBe(1_001n);
  });

  it("polls a sixth of the window, between 1 s and a minute", () => {
    expect(pollSeconds(1800n)).toBe(60);
    expect(pollSeconds(300n)).toBe(50);
    expect(pollSeconds(3n)).toBe(1);
  });
});

describe("the price keeper on Staking's observation rules", () => {
  it("without it, a quiet chain loses its deposit price after two windows (what it is for)", async () => {
    const sim = simulatedStaking(1_000_000n);
    sim.state.now += WINDOW;
    await sim.chain.updatePrice(); // an observation one window after the oracle was set
    sim.state.now += 2n * WINDOW;
    expect(sim.depositPriced()).toBe(true);
    sim.state.now += 1n;
    expect(sim.depositPriced()).toBe(false);
  });

  it("keeps a deposit price at every poll over a day of quiet chain, from the first window on, with about one call a window", async () => {
    const sim = simulatedStaking(1_000_000n);
    const day = 86_400n;
    const { priced } = await run(sim, day, WINDOW + 60n);
    expect([...priced]).toEqual([true]);
    // 48 windows in a day; the first window's calls find the oracle's fresh start and keep nothing
    const windows = Number(day / WINDOW);
    expect(sim.state.calls).toBeGreaterThanOrEqual(windows - 1);
    expect(sim.state.calls).toBeLessThanOrEqual(windows + 6);
  });

  it("started long after the last observation, it observes at once and a deposit is priced one window later", async () => {
    const sim = simulatedStaking(1_000_000n);
    sim.state.now += 10n * WINDOW; // an idle local chain
    expect(sim.depositPriced()).toBe(false);
    const keeper = createPriceKeeper(sim.chain);
    expect(await keeper.tick()).toEqual({ action: "updated", observed: true, time: sim.state.now });
    expect(sim.depositPriced()).toBe(false); // the new observation averages over ten windows
    sim.state.now += WINDOW - 1n;
    expect(await keeper.tick()).toEqual({ action: "wait", until: sim.state.now + 1n });
    sim.state.now += 1n;
    expect(await keeper.tick()).toMatchObject({ action: "updated", observed: true });
    expect(sim.depositPriced()).toBe(true);
  });

  it("an observation kept by someone else (a token deposit) costs at most a few calls that keep nothing", async () => {
    const sim = simulatedStaking(1_000_000n);
    sim.state.now += WINDOW;
    const keeper = createPriceKeeper(sim.chain);
    await keeper.tick(); // observes
    sim.state.now += WINDOW - 100n;
    sim.state.observedAt = sim.state.now; // a deposit observed before the keeper's turn
    sim.state.span = 2n * WINDOW - 100n;
    const callsBefore = sim.state.calls;
    let observed = false;
    while (!observed) {
      sim.state.now += BigInt(keeper.pollSeconds);
      const result = await keeper.tick();
      observed = result.action === "updated" && result.observed;
      expect(sim.depositPriced()).toBe(true);
    }
    expect(sim.state.calls - callsBefore).toBeLessThanOrEqual(7);
  });

  it("a failed call is tried again at the next poll; nothing is sent while no oracle is set", async () => {
    const sim = simulatedStaking(1_000_000n);
    sim.state.now += WINDOW;
    sim.state.failNext = 1;
    const keeper = createPriceKeeper(sim.chain);
    expect(await keeper.tick()).toMatchObject({ action: "failed" });
    expect(keeper.last).toEqual({ kind: "unknown" });
    expect(await keeper.tick()).toMatchObject({ action: "updated", observed: true });

    const none = simulatedStaking(1_000_000n, 0n);
    const idle = createPriceKeeper(none.chain);
    expect(await idle.tick()).toEqual({ action: "noOracle" });
    expect(none.state.calls).toBe(0);
  });
});

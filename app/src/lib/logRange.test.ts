import { describe, expect, it } from "vitest";
import { blockWindows, blocksSpanning, logRange, windowBefore, windowEndingAt } from "./logRange";

/** BSC's and its testnet's block time since the Fermi hard fork (2026-01-14). */
const BSC_BLOCK_SECONDS = 0.45;
const TIMELOCK_DELAY_SECONDS = 48 * 3600;

describe("eth_getLogs block windows", () => {
  it("caps BSC and its testnet, not the local chain; VITE_LOG_RANGE wins", () => {
    expect(logRange(56, undefined)).toBe(5_000n);
    expect(logRange(97, undefined)).toBe(5_000n);
    expect(logRange(31337, undefined)).toBeUndefined();
    expect(logRange(31337, 3n)).toBe(3n);
    expect(logRange(56, 50_000n)).toBe(50_000n);
  });

  it("the newest window ends at the latest block and spans exactly `size` blocks", () => {
    expect(windowEndingAt(50_000_000n, 5_000n)).toEqual({ fromBlock: 49_995_001n, toBlock: 50_000_000n });
    expect(windowEndingAt(4_999n, 5_000n)).toEqual({ fromBlock: 0n, toBlock: 4_999n });
    expect(windowEndingAt(5_000n, 5_000n)).toEqual({ fromBlock: 1n, toBlock: 5_000n });
    expect(windowEndingAt(7n, 1n)).toEqual({ fromBlock: 7n, toBlock: 7n });
    expect(windowEndingAt(123n, undefined)).toEqual({ fromBlock: 0n, toBlock: 123n });
    expect(() => windowEndingAt(10n, 0n)).toThrow(RangeError);
  });

  it("older windows follow without gap or overlap down to block 0, then stop", () => {
    const size = 4n;
    const seen: bigint[] = [];
    let w = windowEndingAt(9n, size) as ReturnType<typeof windowBefore>;
    const windows = [];
    while (w) {
      windows.push(w);
      for (let b = w.toBlock; b >= w.fromBlock; b--) seen.push(b);
      w = windowBefore(w, size);
    }
    expect(windows).toEqual([
      { fromBlock: 6n, toBlock: 9n },
      { fromBlock: 2n, toBlock: 5n },
      { fromBlock: 0n, toBlock: 1n },
    ]);
    expect(seen).toEqual([9n, 8n, 7n, 6n, 5n, 4n, 3n, 2n, 1n, 0n]);
    expect(windowBefore({ fromBlock: 0n, toBlock: 100n }, undefined)).toBeUndefined();
  });

  it("never reads below the floor (a contract's deploy block)", () => {
    expect(windowEndingAt(9n, 4n, 7n)).toEqual({ fromBlock: 7n, toBlock: 9n });
    expect(windowEndingAt(20n, 4n, 7n)).toEqual({ fromBlock: 17n, toBlock: 20n });
    expect(windowEndingAt(20n, undefined, 7n)).toEqual({ fromBlock: 7n, toBlock: 20n });
    expect(windowBefore({ fromBlock: 10n, toBlock: 13n }, 4n, 7n)).toEqual({ fromBlock: 7n, toBlock: 9n });
    expect(windowBefore({ fromBlock: 7n, toBlock: 9n }, 4n, 7n)).toBeUndefined();
  });

  it("cuts a range into capped windows, newest first, the oldest one clipped at the start", () => {
    expect(blockWindows(3n, 12n, 4n)).toEqual([
      { fromBlock: 9n, toBlock: 12n },
      { fromBlock: 5n, toBlock: 8n },
      { fromBlock: 3n, toBlock: 4n },
    ]);
    expect(blockWindows(5n, 12n, 4n)).toEqual([
      { fromBlock: 9n, toBlock: 12n },
      { fromBlock: 5n, toBlock: 8n },
    ]);
    expect(blockWindows(0n, 12n, undefined)).toEqual([{ fromBlock: 0n, toBlock: 12n }]);
    expect(blockWindows(13n, 12n, 4n)).toEqual([]);
    // the team chart's 15 days on BSC: 2,880,000 blocks of 0.45 s (and the latest) in 5,000-block requests
    const windows = blockWindows(50_000_000n - 2_880_000n, 50_000_000n, 5_000n);
    expect(windows).toHaveLength(577);
    expect(windows.at(-1)!.fromBlock).toBe(50_000_000n - 2_880_000n);
  });

  it("a span of time in blocks reaches back that long on BSC: the Timelock's whole 48-hour queue", () => {
    for (const chainId of [56, 97]) {
      const blocks = blocksSpanning(TIMELOCK_DELAY_SECONDS, chainId)!;
      // the blocks produced in 48 hours at 0.45 s, no fewer (0.75 s gave 230,400: 28.8 hours)
      expect(Number(blocks) * BSC_BLOCK_SECONDS).toBeGreaterThanOrEqual(TIMELOCK_DELAY_SECONDS);
      expect(blocks).toBe(384_000n);
    }
    expect(blocksSpanning(TIMELOCK_DELAY_SECONDS, 31337)).toBeUndefined();
  });
});

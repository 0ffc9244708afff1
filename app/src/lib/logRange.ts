import { env } from "./env";

/**
 * Block ranges of `eth_getLogs` on chains whose public RPCs cap them. BNB Chain's own endpoints
 * (bsc-dataseed) do not serve `eth_getLogs` at all, and third-party ones cap the range, commonly at
 * 5,000-50,000 blocks (10,000 on QuickNode's paid plans), and refuse old history without an archive
 * node. The smallest common cap is the default; `VITE_LOG_RANGE` sets another (src/lib/env.ts).
 */
export const LOG_RANGE: Partial<Record<number, bigint>> = { 56: 5_000n, 97: 5_000n };

/**
 * Seconds per block on the capped chains (BSC and its testnet: 0.45 s since the Fermi hard fork of
 * January 2026), to turn a span of time into blocks. A block time set shorter than the chain's only
 * widens the range read; one set longer reaches back less time than asked (at 0.75 s, 48 hours of
 * blocks were 29 hours of 0.45 s blocks).
 */
export const LOG_BLOCK_SECONDS: Partial<Record<number, number>> = { 56: 0.45, 97: 0.45 };

/** Blocks covering `seconds` on `chainId` (undefined for chains without a known block time: read every block). */
export function blocksSpanning(seconds: number, chainId: number): bigint | undefined {
  const perBlock = LOG_BLOCK_SECONDS[chainId];
  return perBlock === undefined ? undefined : BigInt(Math.ceil(seconds / perBlock));
}

/** Blocks one `eth_getLogs` may span on `chainId`: VITE_LOG_RANGE, else the chain's cap, else undefined (any range: the local anvil). */
export function logRange(chainId: number, override = env.logRange): bigint | undefined {
  return override ?? LOG_RANGE[chainId];
}

/** An inclusive block range. */
export type BlockWindow = { fromBlock: bigint; toBlock: bigint };

/**
 * The window of at most `size` blocks ending at `toBlock`, never below `floor` (the first block with
 * anything to read: a contract's deploy block); no size: from `floor`.
 */
export function windowEndingAt(toBlock: bigint, size: bigint | undefined, floor = 0n): BlockWindow {
  if (size !== undefined && size < 1n) throw new RangeError(`log range ${size} must be at least 1 block`);
  const fromBlock = size === undefined || toBlock - floor < size ? floor : toBlock - size + 1n;
  return { fromBlock, toBlock };
}

/** The window just before `window`, as large as `size` allows; undefined once `floor` is read. */
export function windowBefore(
  window: BlockWindow,
  size: bigint | undefined,
  floor = 0n,
): BlockWindow | undefined {
  return window.fromBlock <= floor ? undefined : windowEndingAt(window.fromBlock - 1n, size, floor);
}

/** `[fromBlock, toBlock]` cut into windows of at most `size` blocks, newest first (one window without a size). */
export function blockWindows(fromBlock: bigint, toBlock: bigint, size: bigint | undefined): BlockWindow[] {
  const windows: BlockWindow[] = [];
  if (fromBlock > toBlock) return windows;
  for (let w: BlockWindow | undefined = windowEndingAt(toBlock, size); w; w = windowBefore(w, size)) {
    if (w.fromBlock <= fromBlock) {
      windows.push({ fromBlock, toBlock: w.toBlock });
      break;
    }
    windows.push(w);
  }
  return windows;
}

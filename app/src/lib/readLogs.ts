import type { Client } from "viem";
import { getBlockNumber } from "viem/actions";
import { LOG_BLOCK_SECONDS, blockWindows, logRange } from "./logRange";

/**
 * The most `eth_getLogs` one read may send: past it (BSC's 5,000-block default cap against a long
 * range) the read fails, and the page shows what it has with a note, instead of flooding the RPC;
 * `VITE_LOG_RANGE` set to what the RPC allows brings a range within reach.
 */
export const MAX_LOG_REQUESTS = 8;

/**
 * Logs of one filter up to the latest block of chain `chainId`, in chain order. On the local chain (no range cap) one
 * request from block 0; on BSC from `fromBlock(latest, blockSeconds)` cut into the windows the RPC
 * accepts (`logRange`), all in the same JSON-RPC batch. Started with a page's gated reads: one timer
 * turn lets their eth_calls reach the Multicall3 batcher first, so its flush joins this batch.
 */
export async function readLogs<T>(
  client: Client,
  chainId: number,
  read: (fromBlock: bigint, toBlock: bigint | "latest") => Promise<T[]>,
  fromBlock: (latest: bigint, blockSeconds: number) => bigint,
): Promise<T[]> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  const blockSeconds = LOG_BLOCK_SECONDS[chainId];
  const range = logRange(chainId);
  if (blockSeconds === undefined && range === undefined) return read(0n, "latest");
  const latest = await getBlockNumber(client, { cacheTime: 0 });
  const from = blockSeconds === undefined ? 0n : fromBlock(latest, blockSeconds);
  // newest first: reversed into chain order
  const windows = blockWindows(from, latest, range).reverse();
  if (windows.length > MAX_LOG_REQUESTS) {
    throw new Error(`${latest - from} blocks of logs need ${windows.length} eth_getLogs calls`);
  }
  return (await Promise.all(windows.map((w) => read(w.fromBlock, w.toBlock)))).flat();
}

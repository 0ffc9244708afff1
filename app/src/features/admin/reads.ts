import {
  type Address,
  type Client,
  type GetBlockParameters,
  type GetLogsParameters,
  type GetStorageAtParameters,
  type GetTransactionParameters,
  type ReadContractParameters,
} from "viem";
import { getBlock, getBlockNumber, getLogs, getStorageAt, getTransaction, readContract } from "viem/actions";
import { type Section, normalize } from "./descriptors";
import type { Values } from "./fields";
import { IMPLEMENTATION_SLOT, type Managed, slotAddress } from "./registry";

/**
 * The chain reads of the admin pages (audit log, timelock queue, scheduling), as the viem actions on a
 * bare client: `getPublicClient` / `usePublicClient` would bundle every public action (ENS, SIWE,
 * signature checks, ...) into the page.
 */
export function adminReads(client: Client) {
  return {
    getLogs: (args: GetLogsParameters) => getLogs(client, args),
    readContract: (args: ReadContractParameters) => readContract(client, args),
    getStorageAt: (args: GetStorageAtParameters) => getStorageAt(client, args),
    getTransaction: (args: GetTransactionParameters) => getTransaction(client, args),
    getBlock: (args: GetBlockParameters) => getBlock(client, args),
    getBlockNumber: () => getBlockNumber(client, { cacheTime: 0 }),
  };
}

/** `adminReads(client)` in the app, a fake in tests. */
export type AdminReads = ReturnType<typeof adminReads>;

/** The time (unix seconds) of each of `blocks`, one read per distinct block; undefined where a read fails. */
export async function blockTimes(
  reads: AdminReads,
  blocks: readonly bigint[],
): Promise<Map<bigint, bigint | undefined>> {
  const distinct = [...new Set(blocks)];
  const times = await Promise.all(
    distinct.map((blockNumber) =>
      reads.getBlock({ blockNumber }).then(
        (b) => b.timestamp,
        () => undefined,
      ),
    ),
  );
  return new Map(distinct.map((b, i) => [b, times[i]]));
}

/** The latest block's time (unix seconds). */
export async function latestBlockTime(reads: AdminReads): Promise<bigint> {
  return (await reads.getBlock({ blockTag: "latest" })).timestamp;
}

/** Where a change's values are read: a form's getter (for its account `key`), the proxy's implementation, or the owner. */
export type ValueSource =
  | { kind: "form"; sections: readonly Section[]; key?: unknown }
  | { kind: "implementation" }
  | { kind: "owner" };

/**
 * The values `source` reads on `target` at `blockNumber` (default: now): what a form shows, what an
 * audit entry or a scheduled call changes from. Undefined when the read fails (a pruned node cannot
 * answer for an old block).
 */
export async function valuesAt(
  reads: AdminReads,
  target: Managed,
  source: ValueSource,
  blockNumber?: bigint,
): Promise<Partial<Values> | undefined> {
  const at = blockNumber === undefined ? {} : { blockNumber };
  try {
    switch (source.kind) {
      case "implementation": {
        const word = await reads.getStorageAt({ address: target.address, slot: IMPLEMENTATION_SLOT, ...at });
        return { implementation: slotAddress(word) };
      }
      case "owner":
        return {
          owner: (await reads.readContract({
            address: target.address,
            abi: target.abi,
            functionName: "owner",
            ...at,
          })) as Address,
        };
      case "form": {
        const section = source.sections[0]!;
        const raw = await reads.readContract({
          address: target.address,
          abi: target.abi,
          functionName: section.getter.fn,
          args: section.key ? [source.key] : [],
          ...at,
        });
        return (section.getter.select ?? ((r) => r as Partial<Values>))(normalize(raw));
      }
    }
  } catch (err) {
    console.error(`${target.name}: reading the values at block ${blockNumber ?? "latest"} failed`, err);
    return undefined;
  }
}

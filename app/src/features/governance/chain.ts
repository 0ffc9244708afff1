import { timelockAbi } from "@taichi/contracts";
import { type Address, type Hash, type Hex, encodeAbiParameters, keccak256, numberToHex } from "viem";
import type { AppMessage } from "../../i18n/keys";
import type { BlockWindow } from "../../lib/logRange";
import type { AuditReads } from "../manager/audit";
import { normalize } from "../manager/descriptors";
import { type Change, type Values, diffValues } from "../manager/fields";
import { IMPLEMENTATION_SLOT, type Managed, slotAddress } from "../manager/registry";
import {
  type AnnounceCall,
  type Call,
  type DecodedCall,
  type Effect,
  type Operation,
  TIMELOCK_EVENTS,
  type TimelockEvent,
  announceOf,
  callEffect,
  decodeCall,
} from "./operations";

/** TimelockController's `getTimestamp` for an operation that ran (0: never scheduled, or cancelled). */
export const DONE_TIMESTAMP = 1n;

/** The timelock's `getTimestamp(id)`: 0 unset, `DONE_TIMESTAMP` once run, else when it becomes ready. */
const readTimestamp = (reads: AuditReads, timelock: Address, id: Hash) =>
  reads.readContract({
    address: timelock,
    abi: timelockAbi,
    functionName: "getTimestamp",
    args: [id],
  }) as Promise<bigint>;

const EVENT_ITEMS = timelockAbi.filter(
  (item) => item.type === "event" && (TIMELOCK_EVENTS as readonly string[]).includes(item.name),
);

/** The timelock's operation events in `window`, each with its block's time. */
export async function loadTimelockEvents(
  reads: AuditReads,
  timelock: Address,
  window: BlockWindow,
): Promise<TimelockEvent[]> {
  const logs = (await reads.getLogs({
    address: timelock,
    events: EVENT_ITEMS,
    ...window,
  } as never)) as unknown as {
    eventName: TimelockEvent["eventName"];
    args: Record<string, unknown>;
    blockNumber: bigint;
    logIndex: number;
    transactionHash: Hash;
  }[];
  const blocks = [...new Set(logs.map((l) => l.blockNumber))];
  const times = await Promise.all(
    blocks.map((blockNumber) =>
      reads.getBlock({ blockNumber }).then(
        (b) => b.timestamp,
        () => undefined,
      ),
    ),
  );
  const timeOf = new Map(blocks.map((b, i) => [b, times[i]]));
  return logs.map((l) => ({
    eventName: l.eventName,
    args: l.args,
    blockNumber: l.blockNumber,
    logIndex: l.logIndex,
    transactionHash: l.transactionHash,
    time: timeOf.get(l.blockNumber),
  }));
}

/**
 * The values a call's effect concerns as they are at `blockNumber` (default: now): the form's getter
 * (for its account), the proxy's implementation, or the owner. Undefined when the read fails (a pruned
 * node cannot answer for an old block).
 */
export async function effectValues(
  reads: AuditReads,
  target: Managed,
  effect: Effect,
  blockNumber?: bigint,
): Promise<Partial<Values> | undefined> {
  const at = blockNumber === undefined ? {} : { blockNumber };
  try {
    switch (effect.kind) {
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
        const section = effect.sections[0]!;
        const raw = await reads.readContract({
          address: target.address,
          abi: target.abi,
          functionName: section.getter.fn,
          args: section.key ? [effect.key] : [],
          ...at,
        });
        return (section.getter.select ?? ((r) => r as Partial<Values>))(normalize(raw));
      }
    }
  } catch (err) {
    console.error(`${target.name}: reading the values before a change failed`, err);
    return undefined;
  }
}

/**
 * A decoded call with its effect's changes (old -> new); `changes` undefined when nothing is known. `announce`:
 * the change a Staking `announce` announces, with the contract's `EXIT_WINDOW` (undefined when not read).
 */
export type DescribedCall = DecodedCall & {
  changes?: Change[];
  announce?: AnnounceCall & { exitWindow: bigint | undefined };
};

/** Decodes `call` and, for an effect the forms know, what it changes compared to the values at `blockNumber` (default: now). */
export async function describeCall(
  reads: AuditReads,
  call: Call,
  contracts: readonly Managed[],
  blockNumber?: bigint,
): Promise<DescribedCall> {
  const decoded = decodeCall(call, contracts);
  const target = contracts.find((c) => c.name === decoded.contract);
  const announce = announceOf(decoded);
  if (announce && target) {
    const exitWindow = (await reads
      .readContract({ address: target.address, abi: target.abi, functionName: "EXIT_WINDOW" })
      .catch(() => undefined)) as bigint | undefined;
    return { ...decoded, announce: { ...announce, exitWindow } };
  }
  const effect = callEffect(decoded);
  if (!effect || !target) return decoded;
  const before = await effectValues(reads, target, effect, blockNumber);
  return { ...decoded, changes: diffValues(effect.fields, before ?? {}, effect.next as Values) };
}

/** A salt as bytes32. */
export const saltOf = (n: number): Hash => numberToHex(n, { size: 32 });

export type ScheduleCheck = { ok: true; salt: Hash; id: Hash } | { ok: false; message: AppMessage };

const OPERATION_PARAMS = [
  { type: "address" },
  { type: "uint256" },
  { type: "bytes" },
  { type: "bytes32" },
  { type: "bytes32" },
] as const;

/** TimelockController's `hashOperation`, computed here: `keccak256(abi.encode(target, value, data, predecessor, salt))`. */
export function operationId(call: Call, predecessor: Hash, salt: Hash): Hash {
  return keccak256(
    encodeAbiParameters(OPERATION_PARAMS, [call.target, call.value, call.data, predecessor, salt]),
  );
}

/**
 * The salt to schedule `call` with, or why it must not be scheduled. An operation is its call plus a
 * salt: salt 0 first; a salt whose operation already ran is skipped to the next; an operation of the
 * same call still queued (waiting or ready) is refused, with the time it can run, so the same change is
 * never queued twice. One `getTimestamp` read per salt tried (the id is hashed here).
 */
export async function prepareSchedule(
  reads: AuditReads,
  timelock: Address,
  call: Call,
  formatTime: (seconds: bigint) => string,
): Promise<ScheduleCheck> {
  for (let n = 0; ; n++) {
    const salt = saltOf(n);
    const id = operationId(call, ZERO_PREDECESSOR, salt);
    const timestamp = await readTimestamp(reads, timelock, id);
    if (timestamp === 0n) return { ok: true, salt, id };
    if (timestamp !== DONE_TIMESTAMP) {
      return {
        ok: false,
        message: { key: "governance.errors.alreadyQueued", values: { time: formatTime(timestamp) } },
      };
    }
  }
}

export const ZERO_PREDECESSOR: Hash = `0x${"0".repeat(64)}`;

/**
 * Why `op` cannot be executed now (before sending): not queued any more, already run, or not ready
 * until its time (TimelockController refuses it with TimelockUnexpectedOperationState).
 */
export async function executeBlocker(
  reads: AuditReads,
  timelock: Address,
  id: Hash,
  now: bigint,
  formatTime: (seconds: bigint) => string,
): Promise<AppMessage | undefined> {
  const timestamp = await readTimestamp(reads, timelock, id);
  if (timestamp === 0n) return { key: "governance.errors.notQueued" };
  if (timestamp === DONE_TIMESTAMP) return { key: "governance.errors.alreadyDone" };
  if (timestamp > now) return { key: "governance.errors.tooEarly", values: { time: formatTime(timestamp) } };
  return undefined;
}

/** `execute` / `executeBatch` arguments of an operation. */
export function executeArgs(op: Operation): {
  functionName: "execute" | "executeBatch";
  args: readonly unknown[];
} {
  if (op.calls.length === 1) {
    const [c] = op.calls as [Call];
    return { functionName: "execute", args: [c.target, c.value, c.data, op.predecessor, op.salt] };
  }
  return {
    functionName: "executeBatch",
    args: [
      op.calls.map((c) => c.target),
      op.calls.map((c) => c.value),
      op.calls.map((c) => c.data as Hex),
      op.predecessor,
      op.salt,
    ],
  };
}

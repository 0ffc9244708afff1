import { timelockAbi } from "@taichi/contracts";
import { type Address, type Hash, type Hex, encodeAbiParameters, keccak256, numberToHex } from "viem";
import type { AppMessage } from "../../i18n/keys";
import type { BlockWindow } from "../../lib/logRange";
import { type Call, type Operation, TIMELOCK_EVENTS, type TimelockEvent } from "./operations";
import { type AdminReads, blockTimes } from "./reads";

/** TimelockController's `getTimestamp` for an operation that ran (0: never scheduled, or cancelled). */
export const DONE_TIMESTAMP = 1n;

/** The timelock's `getTimestamp(id)`: 0 unset, `DONE_TIMESTAMP` once run, else when it becomes ready. */
const readTimestamp = (reads: AdminReads, timelock: Address, id: Hash) =>
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
  reads: AdminReads,
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
  const timeOf = await blockTimes(
    reads,
    logs.map((l) => l.blockNumber),
  );
  return logs.map((l) => ({
    eventName: l.eventName,
    args: l.args,
    blockNumber: l.blockNumber,
    logIndex: l.logIndex,
    transactionHash: l.transactionHash,
    time: timeOf.get(l.blockNumber),
  }));
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
  reads: AdminReads,
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
  reads: AdminReads,
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

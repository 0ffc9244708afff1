import {
  type Abi,
  type AbiFunction,
  type Address,
  type Hash,
  type Hex,
  decodeFunctionData,
  getAbiItem,
  zeroAddress,
  zeroHash,
} from "viem";
import type { AppMessage } from "../../i18n/keys";
import type { ContractName } from "../../lib/deployments";
import type { IndexedOperation } from "../../lib/indexer";
import { type Section, allSections, normalize } from "./descriptors";
import type { Field, Values } from "./fields";
import type { Managed } from "./registry";

/**
 * Operations of the OpenZeppelin TimelockController that owns the contracts, rebuilt from its events
 * (CallScheduled, CallSalt, CallExecuted, Cancelled), and what each call does, decoded with the ABIs of
 * the contracts it targets.
 */

/** One call of an operation (a batch has several, in `index` order). */
export type Call = { target: Address; value: bigint; data: Hex };

/** A transaction that touched an operation. */
export type TxRef = { blockNumber: bigint; hash: Hash; time: bigint | undefined };

export type Operation = {
  id: Hash;
  calls: Call[];
  predecessor: Hash;
  salt: Hash;
  /** seconds between scheduling and the earliest execution */
  delay: bigint;
  /** undefined when the scheduling lies before the blocks read */
  scheduled?: TxRef;
  executed?: TxRef;
  cancelled?: TxRef;
};

export type OperationStatus = "waiting" | "ready" | "done" | "cancelled";

/** A decoded timelock event, as `getLogs({ events })` returns it plus its block's time. */
export type TimelockEvent = {
  eventName: "CallScheduled" | "CallSalt" | "CallExecuted" | "Cancelled";
  args: Record<string, unknown>;
  blockNumber: bigint;
  logIndex: number;
  transactionHash: Hash;
  time: bigint | undefined;
};

export const TIMELOCK_EVENTS = ["CallScheduled", "CallSalt", "CallExecuted", "Cancelled"] as const;

/** When the operation may run: its scheduling block's time plus its delay (undefined if not read). */
export function readyAt(op: Operation): bigint | undefined {
  const time = op.scheduled?.time;
  return time === undefined ? undefined : time + op.delay;
}

/**
 * waiting until `readyAt`, then ready (TimelockController: ready once `block.timestamp >= timestamp`);
 * done once executed, cancelled once cancelled.
 */
export function operationStatus(op: Operation, now: bigint): OperationStatus {
  if (op.executed) return "done";
  if (op.cancelled) return "cancelled";
  const at = readyAt(op);
  return at !== undefined && at <= now ? "ready" : "waiting";
}

export function isQueued(op: Operation): boolean {
  return !op.executed && !op.cancelled;
}

const byPosition = (a: TimelockEvent, b: TimelockEvent) =>
  a.blockNumber === b.blockNumber ? a.logIndex - b.logIndex : a.blockNumber < b.blockNumber ? -1 : 1;

/**
 * The operations the events describe, newest activity first. An id scheduled again after a cancel is a
 * new operation; an execution or a cancel whose scheduling was not read still shows (the calls of an
 * execution come from CallExecuted, a cancel's are unknown).
 */
export function collectOperations(events: readonly TimelockEvent[]): Operation[] {
  const current = new Map<Hash, Operation>();
  const all: { op: Operation; last: TimelockEvent }[] = [];
  const touch = (op: Operation, e: TimelockEvent) => {
    const entry = all.find((x) => x.op === op);
    if (entry) entry.last = e;
    else all.push({ op, last: e });
  };
  const ref = (e: TimelockEvent): TxRef => ({
    blockNumber: e.blockNumber,
    hash: e.transactionHash,
    time: e.time,
  });
  const fresh = (id: Hash): Operation => ({
    id,
    calls: [],
    predecessor: zeroHash,
    salt: zeroHash,
    delay: 0n,
  });

  for (const e of [...events].sort(byPosition)) {
    const id = e.args.id as Hash;
    let op = current.get(id);
    const call = (): Call => ({
      target: e.args.target as Address,
      value: e.args.value as bigint,
      data: e.args.data as Hex,
    });
    switch (e.eventName) {
      case "CallScheduled":
        if (!op || op.cancelled) {
          op = { ...fresh(id), scheduled: ref(e) };
          current.set(id, op);
        }
        op.predecessor = e.args.predecessor as Hash;
        op.delay = e.args.delay as bigint;
        op.calls[Number(e.args.index)] = call();
        break;
      case "CallSalt":
        if (!op) continue;
        op.salt = e.args.salt as Hash;
        break;
      case "CallExecuted":
        if (!op) {
          op = fresh(id);
          current.set(id, op);
        }
        op.executed ??= ref(e);
        op.calls[Number(e.args.index)] ??= call();
        break;
      case "Cancelled":
        if (!op) {
          op = fresh(id);
          current.set(id, op);
        }
        op.cancelled = ref(e);
        break;
    }
    touch(op, e);
  }
  return all.sort((a, b) => byPosition(b.last, a.last)).map((x) => x.op);
}

/** An operation as the indexer keeps it, in the terms the events give (`collectOperations`). */
export function operationFromIndex(op: IndexedOperation): Operation {
  const done = op.done && {
    blockNumber: op.done.blockNumber,
    hash: op.done.transactionHash,
    time: op.done.time,
  };
  return {
    id: op.id,
    calls: op.calls,
    predecessor: op.predecessor,
    salt: op.salt,
    delay: op.delay,
    scheduled: { blockNumber: op.blockNumber, hash: op.transactionHash, time: op.scheduledAt },
    ...(op.state === "executed" && done ? { executed: done } : {}),
    ...(op.state === "cancelled" && done ? { cancelled: done } : {}),
  };
}

/** `ops` with each operation once (the first of an id: an indexer page repeats its queued ones). */
export function uniqueOperations(ops: readonly Operation[]): Operation[] {
  const seen = new Set<Hash>();
  return ops.filter((op) => !seen.has(op.id) && !!seen.add(op.id));
}

/** A call's function and arguments, decoded with its target's ABI when the target is known. */
export type DecodedCall = {
  call: Call;
  contract?: ContractName;
  fn?: AbiFunction;
  /** the arguments in order, normalized (small integers as bigint) */
  args: readonly unknown[];
};

/** Decodes `call` with the ABI of the contract at its target (undefined fn: unknown target or selector). */
export function decodeCall(call: Call, contracts: readonly Managed[]): DecodedCall {
  const c = contracts.find((x) => x.address.toLowerCase() === call.target.toLowerCase());
  if (!c || call.data.length < 10) return { call, contract: c?.name, args: [] };
  try {
    const { args } = decodeFunctionData({ abi: c.abi, data: call.data });
    const fn = getAbiItem({ abi: c.abi as Abi, name: call.data.slice(0, 10) }) as AbiFunction | undefined;
    return { call, contract: c.name, fn, args: (normalize(args ?? []) as unknown[]) ?? [] };
  } catch {
    return { call, contract: c.name, args: [] };
  }
}

/**
 * Values by field name from a setter's arguments: the inverse of `argsFromAbi` (each input by name,
 * a trailing `_` dropped; a struct input spread into its components).
 */
export function valuesFromArgs(fn: AbiFunction, args: readonly unknown[]): Partial<Values> {
  const out: Record<string, unknown> = {};
  fn.inputs.forEach((input, i) => {
    const value = args[i];
    if (input.type === "tuple" && value && typeof value === "object") Object.assign(out, value);
    else out[(input.name ?? "").replace(/_$/, "")] = value;
  });
  return out as Partial<Values>;
}

const IMPLEMENTATION_FIELD: Field = { name: "implementation", kind: "address" };
const OWNER_FIELD: Field = { name: "owner", kind: "address", allowZero: true };

/**
 * What a call changes, in the terms the manager forms use, so "value now -> value after" can be shown:
 * - `form`: the call is a form's setter (two Staking forms share one); `key` is the account a
 *   per-account form is about; `next` the values it sets.
 * - `implementation`: a proxy upgrade (now: the ERC-1967 slot).
 * - `owner`: an ownership transfer or renounce (now: `owner()`).
 */
export type Effect =
  | { kind: "form"; sections: Section[]; key?: Address; fields: Field[]; next: Partial<Values> }
  | { kind: "implementation"; fields: [Field]; next: { implementation: Address } }
  | { kind: "owner"; fields: [Field]; next: { owner: Address } };

export function callEffect(decoded: DecodedCall): Effect | undefined {
  const { contract, fn, args } = decoded;
  if (!contract || !fn) return undefined;
  switch (fn.name) {
    case "upgradeToAndCall":
      return {
        kind: "implementation",
        fields: [IMPLEMENTATION_FIELD],
        next: { implementation: args[0] as Address },
      };
    case "transferOwnership":
      return { kind: "owner", fields: [OWNER_FIELD], next: { owner: args[0] as Address } };
    case "renounceOwnership":
      return { kind: "owner", fields: [OWNER_FIELD], next: { owner: zeroAddress } };
  }
  const sections = allSections.filter((s) => s.contract === contract && s.setter.fn === fn.name);
  if (sections.length === 0) return undefined;
  const next = sections[0]!.setter.fromArgs?.(args) ?? valuesFromArgs(fn, args);
  const keyName = sections[0]!.key?.name;
  const fields = sections.flatMap((s) => s.fields).filter((f) => !f.readOnly && next[f.name] !== undefined);
  return { kind: "form", sections, key: keyName ? (next[keyName] as Address) : undefined, fields, next };
}

/** Staking's `announce(implementation, newOwner)`: the change it announces (undefined: none of that kind). */
export type AnnounceCall = { implementation: Address | undefined; newOwner: Address | undefined };

const isZero = (a: Address) => /^0x0{40}$/i.test(a);

/** The change a decoded call announces, when it is Staking's `announce`; undefined for any other call. */
export function announceOf(decoded: DecodedCall): AnnounceCall | undefined {
  if (decoded.contract !== "Staking" || decoded.fn?.name !== "announce") return undefined;
  const [implementation, newOwner] = decoded.args as [Address, Address];
  return {
    implementation: isZero(implementation) ? undefined : implementation,
    newOwner: isZero(newOwner) ? undefined : newOwner,
  };
}

/**
 * What an `announce` does, for people: "upgrade to 0x…", "ownership transfer to 0x…", both, or a withdrawal of
 * the announcement (both zero); members may close their orders early for `window` (EXIT_WINDOW as text, e.g.
 * "3 d") after it runs.
 */
export function announceMessage(announce: AnnounceCall, window: string): AppMessage {
  const { implementation, newOwner } = announce;
  if (implementation && newOwner) {
    return { key: "governance.announce.both", values: { implementation, owner: newOwner, window } };
  }
  if (implementation) return { key: "governance.announce.upgrade", values: { implementation, window } };
  if (newOwner) return { key: "governance.announce.transfer", values: { owner: newOwner, window } };
  return { key: "governance.announce.withdraw" };
}

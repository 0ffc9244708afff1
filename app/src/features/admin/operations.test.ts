import { presaleAbi, swapTokenAbi, stakingAbi } from "@taichi/contracts";
import { type Abi, type Hash, encodeFunctionData, zeroAddress, zeroHash } from "viem";
import { describe, expect, it } from "vitest";
import type { IndexedOperation } from "../../lib/indexer";
import { argsFromAbi } from "./descriptors";
import { findFunction, type Managed } from "./registry";
import { alice, bob, presale } from "./auditFixtures";
import {
  type Operation,
  type TimelockEvent,
  announceMessage,
  announceOf,
  callEffect,
  collectOperations,
  decodeCall,
  operationFromIndex,
  operationStatus,
  readyAt,
  uniqueOperations,
  valuesFromArgs,
} from "./operations";
import { durationParts } from "./duration";

const swapToken: Managed = {
  name: "SwapToken",
  address: "0x9A676e781A523b5d0C0e43731313A708CB607508",
  abi: swapTokenAbi as Abi,
};
const staking: Managed = {
  name: "Staking",
  address: "0x0B306BF915C4d645ff596e518fAf3F9669b97016",
  abi: stakingAbi as Abi,
};
const contracts = [presale, swapToken, staking];

const ID_A = `0x${"a".repeat(64)}` as Hash;
const ID_B = `0x${"b".repeat(64)}` as Hash;
const SALT = `0x${"0".repeat(63)}1` as Hash;
const setManager = encodeFunctionData({ abi: presaleAbi, functionName: "setManager", args: [bob] });

/** A timelock event in `block` (its time 1,000 + block), the transaction derived from the block. */
function event(
  eventName: TimelockEvent["eventName"],
  block: bigint,
  args: Record<string, unknown>,
  logIndex = 0,
): TimelockEvent {
  return {
    eventName,
    args,
    blockNumber: block,
    logIndex,
    transactionHash: `0x${block.toString(16).padStart(64, "0")}`,
    time: 1_000n + block,
  };
}
const scheduled = (id: Hash, block: bigint, index = 0n, data = setManager, logIndex = 0) =>
  event(
    "CallScheduled",
    block,
    { id, index, target: presale.address, value: 0n, data, predecessor: zeroHash, delay: 120n },
    logIndex,
  );

/** The `CallExecuted` of an operation of one `setManager` call, at `block`. */
const executedEvent = (id: Hash, block: bigint) =>
  event("CallExecuted", block, { id, index: 0n, target: presale.address, value: 0n, data: setManager });

describe("collectOperations", () => {
  it("builds each operation from its events, newest activity first, with salt, ready time and outcome", () => {
    const ops = collectOperations([
      event("Cancelled", 9n, { id: ID_B }),
      scheduled(ID_A, 5n),
      event("CallSalt", 5n, { id: ID_A, salt: SALT }, 1),
      scheduled(ID_B, 6n),
      executedEvent(ID_A, 8n),
    ]);
    expect(ops.map((o) => o.id)).toEqual([ID_B, ID_A]);
    const [b, a] = ops as [Operation, Operation];
    expect(a.salt).toBe(SALT);
    expect(a.calls).toEqual([{ target: presale.address, value: 0n, data: setManager }]);
    expect(readyAt(a)).toBe(1_005n + 120n);
    expect(a.executed?.blockNumber).toBe(8n);
    expect(b.cancelled?.blockNumber).toBe(9n);
    expect(b.salt).toBe(zeroHash); // no CallSalt: salt 0
  });

  it("keeps a batch's calls in index order and treats an id scheduled again after a cancel as a new operation", () => {
    const other = encodeFunctionData({ abi: presaleAbi, functionName: "setManager", args: [alice] });
    const ops = collectOperations([
      scheduled(ID_A, 3n, 1n, other, 1),
      scheduled(ID_A, 3n, 0n, setManager, 0),
      event("Cancelled", 4n, { id: ID_A }),
      scheduled(ID_A, 7n),
    ]);
    expect(ops).toHaveLength(2);
    expect(ops[0]!.scheduled?.blockNumber).toBe(7n);
    expect(ops[0]!.cancelled).toBeUndefined();
    expect(ops[1]!.calls.map((c) => c.data)).toEqual([setManager, other]);
    expect(ops[1]!.cancelled?.blockNumber).toBe(4n);
  });

  it("still lists an execution whose scheduling lies before the blocks read, with the executed call", () => {
    const [op] = collectOperations([executedEvent(ID_A, 8n)]);
    expect(op!.calls[0]!.data).toBe(setManager);
    expect(op!.scheduled).toBeUndefined();
    expect(readyAt(op!)).toBeUndefined();
  });
});

describe("operations from the indexer", () => {
  /** `id` as the indexer keeps it: scheduled in block 6 (time 1,006) with a delay of 120 s, not run. */
  const indexed = (id: Hash, more: Partial<IndexedOperation> = {}): IndexedOperation => ({
    id,
    state: "queued",
    calls: [{ target: presale.address, value: 0n, data: setManager }],
    predecessor: zeroHash,
    salt: zeroHash,
    delay: 120n,
    blockNumber: 6n,
    transactionHash: event("CallScheduled", 6n, {}).transactionHash,
    scheduledAt: 1_006n,
    done: undefined,
    ...more,
  });

  it("are the operations their events build: calls, salt, scheduling and outcome", () => {
    const [fromEvents] = collectOperations([
      scheduled(ID_A, 6n),
      event("CallSalt", 6n, { id: ID_A, salt: SALT }, 1),
      executedEvent(ID_A, 8n),
    ]);
    const executed = operationFromIndex(
      indexed(ID_A, {
        state: "executed",
        salt: SALT,
        done: {
          blockNumber: 8n,
          transactionHash: event("CallExecuted", 8n, {}).transactionHash,
          time: 1_008n,
        },
      }),
    );
    expect(executed).toEqual(fromEvents);
    expect(operationStatus(executed, 2_000n)).toBe("done");
  });

  it("a queued one stays queued, and a page repeating it lists it once", () => {
    const queued = operationFromIndex(indexed(ID_B));
    expect(operationStatus(queued, 1_125n)).toBe("waiting");
    expect(operationStatus(queued, 1_126n)).toBe("ready");
    expect(uniqueOperations([queued, { ...queued }, { ...queued, id: ID_A }]).map((o) => o.id)).toEqual([
      ID_B,
      ID_A,
    ]);
  });
});

describe("operationStatus", () => {
  const [op] = collectOperations([scheduled(ID_A, 5n)]) as [Operation];
  const at = readyAt(op)!;

  it("is waiting before its ready time and ready from it (the timelock's block.timestamp >= timestamp)", () => {
    expect(operationStatus(op, at - 1n)).toBe("waiting");
    expect(operationStatus(op, at)).toBe("ready");
    expect(operationStatus(op, at + 3_600n)).toBe("ready");
  });

  it("is done once executed and cancelled once cancelled, whatever the time", () => {
    const ref = { blockNumber: 9n, hash: zeroHash, time: 0n };
    expect(operationStatus({ ...op, executed: ref }, 0n)).toBe("done");
    expect(operationStatus({ ...op, cancelled: ref }, at + 1n)).toBe("cancelled");
  });
});

describe("decodeCall and callEffect", () => {
  it("decodes a form's setter into its values and the account it is about", () => {
    const data = encodeFunctionData({
      abi: swapTokenAbi,
      functionName: "setBlackList",
      args: [alice, true],
    });
    const decoded = decodeCall(
      { target: swapToken.address.toLowerCase() as never, value: 0n, data },
      contracts,
    );
    expect(decoded.contract).toBe("SwapToken");
    expect(decoded.fn?.name).toBe("setBlackList");
    expect(decoded.args).toEqual([alice, true]);
    const effect = callEffect(decoded);
    expect(effect?.kind).toBe("form");
    expect(effect?.kind === "form" && effect.key).toBe(alice);
    expect(effect?.fields.map((f) => f.name)).toEqual(["blackListed"]);
    expect((effect?.next as Record<string, unknown>).blackListed).toBe(true);
  });

  it("turns setFees' two structs back into the form's buy_ and sell_ fields", () => {
    const fees = (n: number) => ({ burn: n, pool: 0, node: 0, market: 0, dividend: 0 });
    const data = encodeFunctionData({
      abi: swapTokenAbi,
      functionName: "setFees",
      args: [fees(150), fees(250)],
    });
    const effect = callEffect(decodeCall({ target: swapToken.address, value: 0n, data }, contracts));
    expect((effect?.next as Record<string, unknown>).buy_burn).toBe(150n);
    expect((effect?.next as Record<string, unknown>).sell_burn).toBe(250n);
    expect(effect?.fields).toHaveLength(10);
  });

  it("reads upgrades as the implementation and ownership calls as the owner", () => {
    const upgrade = encodeFunctionData({
      abi: presaleAbi,
      functionName: "upgradeToAndCall",
      args: [bob, "0x"],
    });
    expect(
      callEffect(decodeCall({ target: presale.address, value: 0n, data: upgrade }, contracts)),
    ).toMatchObject({
      kind: "implementation",
      next: { implementation: bob },
    });
    const renounce = encodeFunctionData({ abi: presaleAbi, functionName: "renounceOwnership" });
    expect(
      callEffect(decodeCall({ target: presale.address, value: 0n, data: renounce }, contracts)),
    ).toMatchObject({
      kind: "owner",
      next: { owner: zeroAddress },
    });
  });

  it("leaves an unknown target or selector undecoded", () => {
    expect(decodeCall({ target: alice, value: 0n, data: setManager }, contracts).fn).toBeUndefined();
    const unknown = decodeCall({ target: presale.address, value: 0n, data: "0xdeadbeef" }, contracts);
    expect(unknown.contract).toBe("Presale");
    expect(unknown.fn).toBeUndefined();
    expect(callEffect(unknown)).toBeUndefined();
  });

  it("valuesFromArgs undoes argsFromAbi for a struct setter", () => {
    const fn = findFunction(stakingAbi as Abi, "setIncomeRates")!;
    const values = { nodeRate: 500n, exitRate: 2000n, bottomRate: 1000n, bottomFloor: 100n };
    expect(valuesFromArgs(fn, argsFromAbi(fn.inputs, values))).toEqual(values);
  });
});

describe("durationParts", () => {
  it("names a delay by its non-zero units, largest first", () => {
    expect(durationParts(172_800n)).toEqual([{ unit: "days", n: 2 }]);
    expect(durationParts(120n)).toEqual([{ unit: "minutes", n: 2 }]);
    expect(durationParts(5_430n)).toEqual([
      { unit: "hours", n: 1 },
      { unit: "minutes", n: 30 },
      { unit: "seconds", n: 30 },
    ]);
    expect(durationParts(0n)).toEqual([{ unit: "seconds", n: 0 }]);
  });
});

describe("Staking.announce", () => {
  const call = (implementation: string, newOwner: string) =>
    decodeCall(
      {
        target: staking.address,
        value: 0n,
        data: encodeFunctionData({
          abi: stakingAbi,
          functionName: "announce",
          args: [implementation as `0x${string}`, newOwner as `0x${string}`],
        }),
      },
      contracts,
    );

  it("decodes what an announce announces: an upgrade, a transfer, both, or a withdrawal", () => {
    expect(announceOf(call(bob, zeroAddress))).toEqual({ implementation: bob, newOwner: undefined });
    expect(announceOf(call(zeroAddress, alice))).toEqual({ implementation: undefined, newOwner: alice });
    expect(announceOf(call(bob, alice))).toEqual({ implementation: bob, newOwner: alice });
    expect(announceOf(call(zeroAddress, zeroAddress))).toEqual({
      implementation: undefined,
      newOwner: undefined,
    });
    // another call, or announce on another contract, is not an announcement
    const other = decodeCall({ target: presale.address, value: 0n, data: setManager }, contracts);
    expect(announceOf(other)).toBeUndefined();
  });

  it("says it for people, with the exit window members get after it runs", () => {
    expect(announceMessage({ implementation: bob, newOwner: undefined }, "3 d")).toEqual({
      key: "governance.announce.upgrade",
      values: { implementation: bob, window: "3 d" },
    });
    expect(announceMessage({ implementation: undefined, newOwner: alice }, "3 d")).toEqual({
      key: "governance.announce.transfer",
      values: { owner: alice, window: "3 d" },
    });
    expect(announceMessage({ implementation: bob, newOwner: alice }, "3 d")).toEqual({
      key: "governance.announce.both",
      values: { implementation: bob, owner: alice, window: "3 d" },
    });
    expect(announceMessage({ implementation: undefined, newOwner: undefined }, "3 d")).toEqual({
      key: "governance.announce.withdraw",
    });
  });
});

import { presaleAbi } from "@taichi/contracts";
import { type Hash, encodeFunctionData, zeroHash } from "viem";
import { describe, expect, it, vi } from "vitest";
import { alice, bob, presale } from "./auditFixtures";
import { executeArgs, executeBlocker, operationId, prepareSchedule, saltOf } from "./timelock";
import type { Call, Operation } from "./operations";
import { describeCall } from "./calls";

const timelock = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const call: Call = {
  target: presale.address,
  value: 0n,
  data: encodeFunctionData({ abi: presaleAbi, functionName: "setManager", args: [bob] }),
};
const formatTime = (s: bigint) => `t${s}`;

/** Reads answering getTimestamp from `timestamps` by the salt of the operation id asked (salt n: `saltOf(n)`). */
function timelockReads(timestamps: bigint[]) {
  const ids = timestamps.map((_, n) => operationId(call, zeroHash, saltOf(n)));
  const readContract = vi.fn(async ({ functionName, args }: { functionName: string; args: unknown[] }) => {
    if (functionName === "getTimestamp") return timestamps[ids.indexOf(args[0] as Hash)] ?? 0n;
    throw new Error(functionName);
  });
  return { readContract } as never;
}

describe("operationId", () => {
  it("is TimelockController's hashOperation (the value a deployed TimelockController answered)", () => {
    const id = operationId(
      { target: "0x5FbDB2315678afecb367f032d93F642f64180aa3", value: 7n, data: "0x1234abcd" },
      zeroHash,
      saltOf(2),
    );
    expect(id).toBe("0xf44d81ee205e657e8525235471ccc1840847cb7540e01167ed65264f379154f5");
  });
});

describe("prepareSchedule", () => {
  it("takes salt 0 for a call never scheduled", async () => {
    expect(await prepareSchedule(timelockReads([0n]), timelock, call, formatTime)).toEqual({
      ok: true,
      salt: saltOf(0),
      id: operationId(call, zeroHash, saltOf(0)),
    });
  });

  it("skips the salts of operations that already ran", async () => {
    const reads = timelockReads([1n, 1n, 0n]);
    const check = await prepareSchedule(reads, timelock, call, formatTime);
    expect(check).toMatchObject({ ok: true, salt: saltOf(2), id: operationId(call, zeroHash, saltOf(2)) });
    // one read per salt tried
    expect((reads as { readContract: ReturnType<typeof vi.fn> }).readContract).toHaveBeenCalledTimes(3);
  });

  it("refuses a call still queued under any salt, naming when it can run", async () => {
    expect(await prepareSchedule(timelockReads([1n, 5_000n]), timelock, call, formatTime)).toEqual({
      ok: false,
      message: { key: "governance.errors.alreadyQueued", values: { time: "t5000" } },
    });
  });
});

describe("executeBlocker", () => {
  const at = (timestamp: bigint) =>
    executeBlocker({ readContract: async () => timestamp } as never, timelock, zeroHash, 1_000n, formatTime);

  it("says when an operation becomes ready, and lets a ready one through", async () => {
    expect(await at(1_001n)).toEqual({ key: "governance.errors.tooEarly", values: { time: "t1001" } });
    expect(await at(1_000n)).toBeUndefined();
  });

  it("refuses a cancelled (unset) or executed operation", async () => {
    expect(await at(0n)).toEqual({ key: "governance.errors.notQueued" });
    expect(await at(1n)).toEqual({ key: "governance.errors.alreadyDone" });
  });
});

describe("describeCall", () => {
  it("compares a setter's values with the getter's at the given block", async () => {
    const readContract = vi.fn(async () => ({ manager: alice, owner: alice }));
    const described = await describeCall({ readContract } as never, call, [presale], 41n);
    expect(readContract).toHaveBeenCalledWith(
      expect.objectContaining({ functionName: "getConfig", blockNumber: 41n }),
    );
    expect(described.fn?.name).toBe("setManager");
    expect(described.changes?.map((c) => [c.field.name, c.from, c.to])).toEqual([["manager", alice, bob]]);
  });

  it("shows no old value when the read fails (a pruned node), and still the new one", async () => {
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const described = await describeCall(
      { readContract: async () => Promise.reject(new Error("missing trie node")) } as never,
      call,
      [presale],
    );
    expect(described.changes?.map((c) => [c.from, c.to])).toEqual([[undefined, bob]]);
    errors.mockRestore();
  });
});

describe("executeArgs", () => {
  const op: Operation = { id: zeroHash, calls: [call], predecessor: zeroHash, salt: saltOf(3), delay: 120n };

  it("executes one call with its salt, a batch with executeBatch", () => {
    expect(executeArgs(op)).toEqual({
      functionName: "execute",
      args: [call.target, 0n, call.data, zeroHash, saltOf(3)],
    });
    expect(executeArgs({ ...op, calls: [call, call] })).toEqual({
      functionName: "executeBatch",
      args: [[call.target, call.target], [0n, 0n], [call.data, call.data], zeroHash, saltOf(3)],
    });
  });
});

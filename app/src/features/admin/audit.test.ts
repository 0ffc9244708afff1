import { lpSwapAbi, presaleAbi, stakingAbi, timelockAbi } from "@taichi/contracts";
import { type Abi, encodeAbiParameters, encodeEventTopics, encodeFunctionData, zeroHash } from "viem";
import { describe, expect, it, vi } from "vitest";
import { loadAuditLog } from "./audit";
import type { Managed } from "./registry";
import { alice, bob, lpSwap, owner, presale, rawLog as log } from "./auditFixtures";

function fakeClient() {
  const logs = [
    log(
      presale,
      5n,
      0,
      encodeEventTopics({
        abi: presaleAbi,
        eventName: "ManagerUpdated",
        args: { previousManager: alice, newManager: bob },
      }),
    ),
    // a member's registration is not an admin event
    log(
      presale,
      6n,
      0,
      encodeEventTopics({
        abi: presaleAbi,
        eventName: "Registered",
        args: { account: bob, referrer: owner },
      }),
      encodeAbiParameters([{ type: "uint256" }], [2n]),
    ),
    log(
      lpSwap,
      7n,
      1,
      encodeEventTopics({ abi: lpSwapAbi, eventName: "RatesUpdated" }),
      encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [300n, 100n]),
    ),
  ];
  return {
    getLogs: vi.fn(async () => logs),
    readContract: vi.fn(
      async ({ functionName, blockNumber }: { functionName: string; blockNumber: bigint }) => {
        expect(functionName).toBe("getConfig");
        expect(blockNumber).toBe(6n); // the state before block 7
        return { algebra: 2n, dayTimes: 86_400n, lpRate: 200n, tokenRate: 100n };
      },
    ),
    getStorageAt: vi.fn(),
    getTransaction: vi.fn(async () => ({ from: owner })),
    getBlock: vi.fn(async ({ blockNumber }: { blockNumber: bigint }) => ({
      timestamp: 1_000n + blockNumber,
    })),
  };
}

describe("loadAuditLog", () => {
  it("lists admin events newest first with sender, time and old -> new", async () => {
    const client = fakeClient();
    const entries = await loadAuditLog(client as never, [presale, lpSwap]);
    expect(entries.map((e) => `${e.contract}.${e.event}`)).toEqual([
      "LpSwap.RatesUpdated",
      "Presale.ManagerUpdated",
    ]);

    const [rates, manager] = entries;
    expect(rates!.from).toBe(owner);
    expect(rates!.time).toBe(1_007n);
    // only lpRate changed: tokenRate was 100 before too (read at block 6)
    expect(rates!.changes!.map((c) => [c.field.name, c.from, c.to])).toEqual([["lpRate", 200n, 300n]]);
    // the event carries the previous manager: no historical read needed
    expect(manager!.changes!.map((c) => [c.field.name, c.from, c.to])).toEqual([["manager", alice, bob]]);
    expect(client.readContract).toHaveBeenCalledTimes(1);
    expect(client.getLogs).toHaveBeenCalledWith(
      expect.objectContaining({ address: [presale.address, lpSwap.address] }),
    );
  });

  it("shows the old value as unknown when the node cannot answer a historical call", async () => {
    const client = fakeClient();
    client.readContract.mockRejectedValueOnce(new Error("missing trie node"));
    vi.spyOn(console, "error").mockImplementation(() => {});
    const [rates] = await loadAuditLog(client as never, [presale, lpSwap]);
    expect(rates!.changes!.map((c) => [c.field.name, c.from, c.to])).toEqual([
      ["lpRate", undefined, 300n],
      ["tokenRate", undefined, 100n],
    ]);
  });

  it("reads nothing before the contracts' deploy blocks: no logs below, no state before a contract existed", async () => {
    const client = fakeClient();
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    // LpSwap was deployed in block 7, with its rates set by its initializer; Presale in block 4
    const entries = await loadAuditLog(client as never, [
      { ...presale, deployBlock: 4n },
      { ...lpSwap, deployBlock: 7n },
    ]);
    expect(client.getLogs).toHaveBeenCalledWith(expect.objectContaining({ fromBlock: 4n }));
    expect(client.readContract).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    expect(entries[0]!.changes!.map((c) => [c.field.name, c.from, c.to])).toEqual([
      ["lpRate", undefined, 300n],
      ["tokenRate", undefined, 100n],
    ]);
    // a window wholly before every deploy block asks the RPC nothing
    client.getLogs.mockClear();
    expect(
      await loadAuditLog(client as never, [{ ...presale, deployBlock: 4n }], { fromBlock: 0n, toBlock: 3n }),
    ).toEqual([]);
    expect(client.getLogs).not.toHaveBeenCalled();
  });

  it("Staking's income rates and node changes: old -> new per field, the node's totals left out", async () => {
    const staking: Managed = {
      name: "Staking",
      address: "0xa513E6E4b8f2a923D98304ec87F64353C4D5C853",
      abi: stakingAbi as Abi,
    };
    const rates = { nodeRate: 700n, exitRate: 2000n, bottomRate: 1000n, bottomFloor: 100n };
    const incomeEvent = stakingAbi.find((i) => i.type === "event" && i.name === "IncomeRatesUpdated")!;
    const logs = [
      log(
        staking,
        8n,
        0,
        encodeEventTopics({ abi: stakingAbi, eventName: "IncomeRatesUpdated" }),
        encodeAbiParameters(incomeEvent.inputs, [rates]),
      ),
      log(
        staking,
        9n,
        0,
        encodeEventTopics({ abi: stakingAbi, eventName: "NodeUpdated", args: { account: alice } }),
        encodeAbiParameters([{ type: "bool" }], [true]),
      ),
      // a deposit sharing the node dividend is members' activity
      log(
        staking,
        10n,
        0,
        encodeEventTopics({ abi: stakingAbi, eventName: "NodeDividend", args: { index: 1n } }),
        encodeAbiParameters([{ type: "uint256" }, { type: "uint256" }], [10n, 1n]),
      ),
    ];
    const readContract = vi.fn(
      async ({
        functionName,
        args,
        blockNumber,
      }: {
        functionName: string;
        args: unknown[];
        blockNumber: bigint;
      }) => {
        if (functionName === "getIncomeRates") {
          expect(blockNumber).toBe(7n);
          return { ...rates, nodeRate: 500n };
        }
        expect([functionName, args, blockNumber]).toEqual(["nodes", [alice], 8n]);
        return [false, 0n, 1n];
      },
    );
    const client = { ...fakeClient(), getLogs: vi.fn(async () => logs), readContract };
    const entries = await loadAuditLog(client as never, [staking]);
    expect(entries.map((e) => e.event)).toEqual(["NodeUpdated", "IncomeRatesUpdated"]);
    const [node, income] = entries;
    expect(income!.changes!.map((c) => [c.field.name, c.from, c.to])).toEqual([["nodeRate", 500n, 700n]]);
    expect(node!.changes!.map((c) => [c.field.name, c.from, c.to])).toEqual([["isNode", false, true]]);
    expect(node!.subject).toEqual(["account", alice]); // whose status changed
    expect(income!.subject).toBeUndefined();
  });

  it("decodes the timelock's scheduled, executed and cancelled operations into the call and old -> new", async () => {
    const timelock: Managed = {
      name: "Timelock",
      address: "0x5FbDB2315678afecb367f032d93F642f64180aa3",
      abi: timelockAbi as Abi,
    };
    const data = encodeFunctionData({ abi: presaleAbi, functionName: "setManager", args: [bob] });
    const scheduledEvent = timelockAbi.find((i) => i.type === "event" && i.name === "CallScheduled")!;
    const executedEvent = timelockAbi.find((i) => i.type === "event" && i.name === "CallExecuted")!;
    const [first, second] = [`0x${"1".repeat(64)}`, `0x${"2".repeat(64)}`] as const;
    const scheduled = (id: `0x${string}`, block: bigint) =>
      log(
        timelock,
        block,
        0,
        encodeEventTopics({ abi: timelockAbi, eventName: "CallScheduled", args: { id, index: 0n } }),
        encodeAbiParameters(scheduledEvent.inputs.slice(2), [presale.address, 0n, data, zeroHash, 120n]),
      );
    const logs = [
      scheduled(first, 5n),
      log(
        timelock,
        9n,
        0,
        encodeEventTopics({ abi: timelockAbi, eventName: "CallExecuted", args: { id: first, index: 0n } }),
        encodeAbiParameters(executedEvent.inputs.slice(2), [presale.address, 0n, data]),
      ),
      scheduled(second, 10n),
      log(
        timelock,
        11n,
        0,
        encodeEventTopics({ abi: timelockAbi, eventName: "Cancelled", args: { id: second } }),
      ),
    ];
    // the Presale's manager was alice until block 9
    const readContract = vi.fn(
      async ({ functionName, blockNumber }: { functionName: string; blockNumber: bigint }) => {
        expect(functionName).toBe("getConfig");
        return { manager: blockNumber < 9n ? alice : bob };
      },
    );
    const client = { ...fakeClient(), getLogs: vi.fn(async () => logs), readContract };
    const entries = await loadAuditLog(client as never, [timelock], undefined, [presale, timelock]);
    expect(entries.map((e) => e.event)).toEqual([
      "Cancelled",
      "CallScheduled",
      "CallExecuted",
      "CallScheduled",
    ]);
    const [cancelled, rescheduled, executed, firstScheduled] = entries;
    const summary = (e: (typeof entries)[number] | undefined) => [
      `${e!.call!.contract}.${e!.call!.fn!.name}`,
      e!.call!.changes!.map((c) => [c.field.name, c.from, c.to]),
    ];
    expect(summary(firstScheduled)).toEqual(["Presale.setManager", [["manager", alice, bob]]]);
    expect(summary(executed)).toEqual(["Presale.setManager", [["manager", alice, bob]]]); // read at block 8
    // scheduled again once bob is the manager: nothing would change; the cancel shows that call
    expect(summary(rescheduled)).toEqual(["Presale.setManager", []]);
    expect(summary(cancelled)).toEqual(["Presale.setManager", []]);
    expect(readContract).toHaveBeenCalledWith(expect.objectContaining({ blockNumber: 8n }));
  });
});

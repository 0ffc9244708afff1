import { stakingAbi } from "@taichi/contracts";
import {
  type AbiEvent,
  type Address,
  type Hash,
  type Hex,
  encodeAbiParameters,
  encodeEventTopics,
  getAbiItem,
  numberToHex,
} from "viem";
import type { ActivityReads, RawLog } from "./activity";

/** Accounts, events and a fake chain shared by the activity card's tests (not part of the app). */
export const STAKING: Address = "0x5FC8d32690cc91D4c39d9d3abcBD16989F875707";
export const ALICE: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const BOB: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
export const E18 = 10n ** 18n;
export const tx = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hash;

type Name = "Deposited" | "Released" | "RewardCredited" | "RewardClaimed";

/**
 * Alice's history: she deposits 1,500 tokens (worth 300 USDT) into order 7 of tier index 1, is credited
 * 4.5 USDT of team income by Bob's order 9 (Bob sends that transaction), claims it, and releases order 7:
 * 1,500 principal + 45 reward - 15 fee = 1,530 tokens.
 */
export const EVENTS: {
  name: Name;
  args: Record<string, unknown>;
  block: bigint;
  logIndex: number;
  time: bigint;
  tx: Hash;
  from: Address;
}[] = [
  {
    name: "Deposited",
    args: {
      account: ALICE,
      index: 7n,
      tier: 1n,
      isUSDT: false,
      amount: 300n * E18,
      actual: 1_500n * E18,
      reward: 45n * E18,
      endTime: 1_800_000_000n,
    },
    block: 10n,
    logIndex: 2,
    time: 1_700_000_010n,
    tx: tx(1),
    from: ALICE,
  },
  {
    name: "RewardCredited",
    args: { account: ALICE, index: 9n, kind: 1, amount: 45n * 10n ** 17n },
    block: 12n,
    logIndex: 0,
    time: 1_700_000_012n,
    tx: tx(2),
    from: BOB,
  },
  {
    name: "RewardClaimed",
    args: { account: ALICE, amount: 45n * 10n ** 17n },
    block: 13n,
    logIndex: 1,
    time: 1_700_000_013n,
    tx: tx(3),
    from: ALICE,
  },
  {
    name: "Released",
    args: { account: ALICE, index: 7n, principal: 1_500n * E18, reward: 45n * E18, fee: 15n * E18 },
    block: 20n,
    logIndex: 3,
    time: 1_700_000_020n,
    tx: tx(4),
    from: ALICE,
  },
];

/** The events as `eth_getLogs` answers them, oldest first. */
export function rawLogs(): RawLog[] {
  return EVENTS.map((e) => {
    const event = getAbiItem({ abi: stakingAbi, name: e.name } as never) as AbiEvent;
    const topics = encodeEventTopics({ abi: [event], args: e.args } as never) as [Hex, ...Hex[]];
    const data = encodeAbiParameters(
      event.inputs.filter((i) => !i.indexed),
      event.inputs.filter((i) => !i.indexed).map((i) => e.args[i.name!]) as never,
    );
    return {
      blockNumber: numberToHex(e.block),
      logIndex: numberToHex(e.logIndex),
      transactionHash: e.tx,
      topics,
      data,
    };
  });
}

/** Reads answering `logs` within the asked blocks, recording the filters and the transactions asked. */
export function fakeReads(latest: bigint) {
  const filters: Parameters<ActivityReads["getLogs"]>[0][] = [];
  const transactions: Hash[] = [];
  const reads: ActivityReads = {
    getLogs: async (filter) => {
      filters.push(filter);
      return rawLogs().filter((l) => {
        const b = BigInt(l.blockNumber);
        return b >= filter.fromBlock && b <= filter.toBlock;
      });
    },
    getTransaction: (async (hash: Hash) => {
      transactions.push(hash);
      return { from: EVENTS.find((e) => e.tx === hash)!.from };
    }) as unknown as ActivityReads["getTransaction"],
    getBlock: (async (n: bigint) => ({
      timestamp: EVENTS.find((e) => e.block === n)!.time,
    })) as unknown as ActivityReads["getBlock"],
    getBlockNumber: async () => latest,
  };
  return { reads, filters, transactions };
}

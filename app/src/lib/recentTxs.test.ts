import type { Address, Hash } from "viem";
import { beforeEach, describe, expect, it } from "vitest";
import {
  RECENT_TX_LIMIT,
  type RecentTx,
  parseRecentTxs,
  recentTxKey,
  txLabel,
  useRecentTxStore,
} from "./recentTxs";

const alice: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const bob: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const hash = (n: number) => `0x${n.toString(16).padStart(64, "0")}` as Hash;
const tx = (n: number, chainId = 56): RecentTx => ({
  hash: hash(n),
  chainId,
  label: "tx.labels.register",
  status: "pending",
  time: n,
});

describe("recent transactions", () => {
  beforeEach(() => {
    localStorage.clear();
    useRecentTxStore.setState({ lists: {} });
  });

  it("labels known functions and falls back to 'contract call'", () => {
    expect(txLabel("approve")).toBe("tx.labels.approve");
    expect(txLabel("register")).toBe("tx.labels.register");
    expect(txLabel("deposit")).toBe("tx.labels.call");
  });

  it("keeps one list per account and chain, newest first, persisted and settled in place", () => {
    const store = useRecentTxStore.getState();
    store.add(alice, tx(1));
    store.add(alice, tx(2));
    store.add(bob, tx(3));
    store.add(alice, tx(4, 97));
    store.settle(56, alice, hash(1), "success");

    expect(store.list(56, alice).map((t) => [t.hash, t.status])).toEqual([
      [hash(2), "pending"],
      [hash(1), "success"],
    ]);
    expect(store.list(56, bob).map((t) => t.hash)).toEqual([hash(3)]);
    expect(store.list(97, alice).map((t) => t.hash)).toEqual([hash(4)]);

    // survives a reload: a fresh store reads it back from localStorage
    useRecentTxStore.setState({ lists: {} });
    useRecentTxStore.getState().hydrate(56, alice);
    expect(useRecentTxStore.getState().lists[recentTxKey(56, alice)]?.map((t) => t.status)).toEqual([
      "pending",
      "success",
    ]);
    expect(localStorage.getItem(recentTxKey(56, alice.toLowerCase() as Address))).not.toBeNull();
  });

  it(`keeps at most ${RECENT_TX_LIMIT} entries and can be cleared`, () => {
    const store = useRecentTxStore.getState();
    for (let i = 1; i <= RECENT_TX_LIMIT + 5; i++) store.add(alice, tx(i));
    const list = store.list(56, alice);
    expect(list).toHaveLength(RECENT_TX_LIMIT);
    expect(list[0]!.hash).toBe(hash(RECENT_TX_LIMIT + 5));
    store.clear(56, alice);
    expect(store.list(56, alice)).toEqual([]);
    expect(localStorage.getItem(recentTxKey(56, alice))).toBeNull();
  });

  it("drops malformed stored entries", () => {
    expect(parseRecentTxs("not json")).toEqual([]);
    expect(parseRecentTxs(JSON.stringify({}))).toEqual([]);
    expect(
      parseRecentTxs(JSON.stringify([tx(1), { ...tx(2), hash: "0x12" }, { ...tx(3), label: "<b>x</b>" }])),
    ).toEqual([tx(1)]);
  });
});

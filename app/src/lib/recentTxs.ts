import { useEffect } from "react";
import type { Address, Hash } from "viem";
import { create } from "zustand";
import type { I18nKey } from "../i18n/keys";
import { readStored, writeStored } from "./storage";

export type RecentTxStatus = "pending" | "success" | "reverted";
export type RecentTx = { hash: Hash; chainId: number; label: I18nKey; status: RecentTxStatus; time: number };

/** How many transactions each account keeps. */
export const RECENT_TX_LIMIT = 20;

/** localStorage key of one account's list on one chain. */
export const recentTxKey = (chainId: number, account: Address) =>
  `recentTxs:${chainId}:${account.toLowerCase()}`;

const LABELS: Record<string, I18nKey> = {
  approve: "tx.labels.approve",
  register: "tx.labels.register",
  ido: "tx.labels.ido",
  claim: "tx.labels.claim",
  claimReward: "tx.labels.claimReward",
  closeEarly: "tx.labels.closeEarly",
  swapExactTokensForTokensSupportingFeeOnTransferTokens: "tx.labels.swap",
  swapLP: "tx.labels.lockLp",
  swapToken: "tx.labels.lockToken",
  claimLP: "tx.labels.claimLp",
  stake: "tx.labels.stakeLp",
  unstake: "tx.labels.unstakeLp",
};

/** The list's label for a contract function (unknown ones read "Contract call"). */
export const txLabel = (functionName: string): I18nKey => LABELS[functionName] ?? "tx.labels.call";

const STATUSES: readonly string[] = ["pending", "success", "reverted"];

/** Reads a stored list, dropping anything malformed (storage is user-editable). */
export function parseRecentTxs(raw: string | null): RecentTx[] {
  if (!raw) return [];
  try {
    const list: unknown = JSON.parse(raw);
    if (!Array.isArray(list)) return [];
    return list
      .filter(
        (t): t is RecentTx =>
          typeof t === "object" &&
          t !== null &&
          typeof t.hash === "string" &&
          /^0x[0-9a-fA-F]{64}$/.test(t.hash) &&
          typeof t.chainId === "number" &&
          typeof t.label === "string" &&
          t.label.startsWith("tx.labels.") &&
          STATUSES.includes(t.status) &&
          typeof t.time === "number",
      )
      .slice(0, RECENT_TX_LIMIT);
  } catch {
    return [];
  }
}

type RecentTxState = {
  lists: Record<string, RecentTx[]>;
  list(chainId: number, account: Address): RecentTx[];
  /** Loads an account's stored list into memory (once). */
  hydrate(chainId: number, account: Address): void;
  add(account: Address, tx: RecentTx): void;
  settle(chainId: number, account: Address, hash: Hash, status: RecentTxStatus): void;
  clear(chainId: number, account: Address): void;
};

/** Recent transactions per account (newest first), persisted in localStorage. */
export const useRecentTxStore = create<RecentTxState>()((set, get) => {
  const load = (key: string) => get().lists[key] ?? parseRecentTxs(readStored(key));
  const save = (key: string, list: RecentTx[]) => {
    writeStored(key, list.length ? JSON.stringify(list) : null);
    set((s) => ({ lists: { ...s.lists, [key]: list } }));
  };
  return {
    lists: {},
    list: (chainId, account) => load(recentTxKey(chainId, account)),
    hydrate(chainId, account) {
      const key = recentTxKey(chainId, account);
      if (!get().lists[key]) set((s) => ({ lists: { ...s.lists, [key]: load(key) } }));
    },
    add(account, tx) {
      const key = recentTxKey(tx.chainId, account);
      save(key, [tx, ...load(key).filter((t) => t.hash !== tx.hash)].slice(0, RECENT_TX_LIMIT));
    },
    settle(chainId, account, hash, status) {
      const key = recentTxKey(chainId, account);
      save(
        key,
        load(key).map((t) => (t.hash === hash ? { ...t, status } : t)),
      );
    },
    clear(chainId, account) {
      save(recentTxKey(chainId, account), []);
    },
  };
});

/** The connected account's list; re-renders when it changes. */
export function useRecentTxs(chainId: number, account: Address | undefined): RecentTx[] {
  const hydrate = useRecentTxStore((s) => s.hydrate);
  useEffect(() => {
    if (account) hydrate(chainId, account);
  }, [hydrate, chainId, account]);
  return useRecentTxStore((s) => {
    if (!account) return EMPTY;
    const key = recentTxKey(chainId, account);
    return s.lists[key] ?? EMPTY;
  });
}
const EMPTY: RecentTx[] = [];

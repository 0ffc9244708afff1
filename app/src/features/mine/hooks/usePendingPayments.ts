import type { Address, Hash } from "viem";
import { create } from "zustand";
import {
  type PendingPayment,
  addPending,
  parsePendingPayments,
  pendingPaymentsKey,
  removePending,
} from "../logic";
import { readStored, writeStored } from "../../../lib/storage";

type PendingState = {
  byAddress: Record<string, PendingPayment[]>;
  keep(address: Address, p: PendingPayment): void;
  forget(address: Address, hash: Hash): void;
};

function load(address: Address): PendingPayment[] {
  return parsePendingPayments(readStored(pendingPaymentsKey(address)));
}

/** Paid hashes not yet accepted by the backend, per account, persisted in localStorage. */
export const usePendingStore = create<PendingState>()((set, get) => ({
  byAddress: {},
  keep(address, p) {
    const list = addPending(get().byAddress[address] ?? load(address), p);
    writeStored(pendingPaymentsKey(address), JSON.stringify(list));
    set((s) => ({ byAddress: { ...s.byAddress, [address]: list } }));
  },
  forget(address, hash) {
    const list = removePending(get().byAddress[address] ?? load(address), hash);
    writeStored(pendingPaymentsKey(address), list.length ? JSON.stringify(list) : null);
    set((s) => ({ byAddress: { ...s.byAddress, [address]: list } }));
  },
}));

const EMPTY: PendingPayment[] = [];

export function usePendingPayments(address: Address | undefined): PendingPayment[] {
  const list = usePendingStore((s) => (address ? s.byAddress[address] : EMPTY));
  if (!address) return EMPTY;
  return list ?? load(address);
}

import type { Address } from "viem";
import { create } from "zustand";
import { i18n } from "../i18n";
import type { AppMessage } from "../i18n/keys";
import type { Lang } from "../i18n/lang";
import { toInviteCode } from "../lib/inviteCode";
import { STORAGE_KEYS, readStored, writeStored } from "../lib/storage";
import type { ApprovalMode, ToastKind, TxStep } from "../lib/tx";

/** How long a toast stays: success/info/warning 2 s, error 4 s. */
export const TOAST_MS: Record<ToastKind, number> = { success: 2000, info: 2000, warning: 2000, error: 4000 };

export type Toast = { id: number; kind: ToastKind; message: AppMessage; link?: string };
/** An answered confirm dialog is cleaned out of the confirm pool after 5 s. */
export const CONFIRM_CLEANUP_MS = 5000;

export type ConfirmRequest = {
  id: number;
  message: AppMessage;
  resolve: (ok: boolean) => void;
  /** set once confirmed/cancelled: hidden at once, removed from the pool CONFIRM_CLEANUP_MS later */
  answered?: boolean;
};

/**
 * App state that is ours, not the wallet's: wagmi owns account/chain/connection, TanStack Query
 * owns chain reads.
 */
export type AppState = {
  lang: Lang;
  showMenu: boolean;
  /** Referrer from the invitation link (`?code=`); the zero address when none. */
  inviteCode: Address;
  /** Backend session flag: true while a loginToken is stored; false after code 4700. */
  isLogin: boolean;
  /** Number of transactions in flight; the pending overlay shows while > 0. */
  pending: number;
  /** Extra line on the pending overlay (e.g. the approval amount). */
  pendingNote: AppMessage | undefined;
  /** The transactions of the flow in flight and where each is; undefined between flows. */
  txSteps: readonly TxStep[] | undefined;
  /** The member moved the pending overlay aside: a small pill shows the flow instead. */
  pendingMinimised: boolean;
  /** How approvals are sized (persisted): unlimited by default, as the seed has it. */
  approvalMode: ApprovalMode;
  toasts: Toast[];
  confirms: ConfirmRequest[];
  walletPickerOpen: boolean;

  setLang(lang: Lang): void;
  setShowMenu(show: boolean): void;
  setInviteCode(code: Address): void;
  setLogin(isLogin: boolean): void;
  beginPending(): void;
  endPending(): void;
  setPendingNote(note: AppMessage | undefined): void;
  setTxSteps(steps: readonly TxStep[] | undefined): void;
  setPendingMinimised(minimised: boolean): void;
  setApprovalMode(mode: ApprovalMode): void;
  /** `link`: an explorer page the toast offers (a mined transaction). */
  toast(kind: ToastKind, message: AppMessage, link?: string): number;
  dismissToast(id: number): void;
  /** Queues a confirm dialog; resolves true on confirm, false on cancel. */
  confirm(message: AppMessage): Promise<boolean>;
  answerConfirm(id: number, ok: boolean): void;
  setWalletPickerOpen(open: boolean): void;
};

let nextId = 1;

const sameMessage = (a: AppMessage, b: AppMessage) =>
  a.key === b.key && JSON.stringify(a.values ?? {}) === JSON.stringify(b.values ?? {});

export const useAppStore = create<AppState>()((set, get) => ({
  // the stored language, or on a first visit the browser's (src/i18n/index.ts); stored once picked
  lang: i18n.language,
  showMenu: readStored(STORAGE_KEYS.showMenu) === "true",
  inviteCode: toInviteCode(readStored(STORAGE_KEYS.inviteCode)),
  isLogin: !!readStored(STORAGE_KEYS.loginToken),
  pending: 0,
  pendingNote: undefined,
  txSteps: undefined,
  pendingMinimised: false,
  approvalMode: readStored(STORAGE_KEYS.exactApprovals) === "true" ? "exact" : "unlimited",
  toasts: [],
  confirms: [],
  walletPickerOpen: false,

  setLang(lang) {
    writeStored(STORAGE_KEYS.lang, lang);
    set({ lang });
  },
  setShowMenu(showMenu) {
    writeStored(STORAGE_KEYS.showMenu, String(showMenu));
    set({ showMenu });
  },
  setInviteCode(inviteCode) {
    writeStored(STORAGE_KEYS.inviteCode, inviteCode);
    set({ inviteCode });
  },
  setLogin(isLogin) {
    set({ isLogin });
  },
  beginPending() {
    set((s) => ({ pending: s.pending + 1 }));
  },
  endPending() {
    // the next flow's overlay opens in full again
    set((s) => {
      const pending = Math.max(0, s.pending - 1);
      return pending > 0 ? { pending } : { pending, pendingMinimised: false };
    });
  },
  setPendingNote(pendingNote) {
    set({ pendingNote });
  },
  setTxSteps(txSteps) {
    set({ txSteps });
  },
  setPendingMinimised(pendingMinimised) {
    set({ pendingMinimised });
  },
  setApprovalMode(approvalMode) {
    writeStored(STORAGE_KEYS.exactApprovals, approvalMode === "exact" ? "true" : null);
    set({ approvalMode });
  },
  toast(kind, message, link) {
    // Several reads failing together (backend down) would stack the same toast over the page.
    const shown = get().toasts.find((t) => t.kind === kind && sameMessage(t.message, message));
    if (shown) return shown.id;
    const id = nextId++;
    set((s) => ({ toasts: [...s.toasts, { id, kind, message, ...(link ? { link } : {}) }] }));
    setTimeout(() => get().dismissToast(id), TOAST_MS[kind]);
    return id;
  },
  dismissToast(id) {
    set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  },
  confirm(message) {
    return new Promise<boolean>((resolve) => {
      const id = nextId++;
      set((s) => ({ confirms: [...s.confirms, { id, message, resolve }] }));
    });
  },
  answerConfirm(id, ok) {
    const req = get().confirms.find((c) => c.id === id);
    if (!req || req.answered) return;
    set((s) => ({ confirms: s.confirms.map((c) => (c.id === id ? { ...c, answered: true } : c)) }));
    req.resolve(ok);
    setTimeout(() => set((s) => ({ confirms: s.confirms.filter((c) => c.id !== id) })), CONFIRM_CLEANUP_MS);
  },
  setWalletPickerOpen(walletPickerOpen) {
    set({ walletPickerOpen });
  },
}));

/** Imperative shortcuts for non-React code (the transaction helper, router callbacks). */
export const toast = (kind: ToastKind, message: AppMessage) => useAppStore.getState().toast(kind, message);
export const confirmDialog = (message: AppMessage) => useAppStore.getState().confirm(message);

// The translations follow the store's language.
useAppStore.subscribe((state, prev) => {
  if (state.lang !== prev.lang)
    i18n.changeLanguage(state.lang).catch((err: unknown) => console.error("language not loaded", err));
});

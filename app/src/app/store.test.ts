import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONFIRM_CLEANUP_MS, TOAST_MS, useAppStore } from "./store";
import { STORAGE_KEYS } from "../lib/storage";

describe("store", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    localStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    useAppStore.setState({ toasts: [], confirms: [], pending: 0 });
  });

  it("persists lang, showMenu and inviteCode under their fixed keys", () => {
    const s = useAppStore.getState();
    s.setLang("en");
    s.setShowMenu(true);
    s.setInviteCode("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    expect(localStorage.getItem(STORAGE_KEYS.lang)).toBe("en");
    expect(localStorage.getItem(STORAGE_KEYS.showMenu)).toBe("true");
    expect(localStorage.getItem(STORAGE_KEYS.inviteCode)).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    s.setLang("zh");
    s.setShowMenu(false);
  });

  it("keeps success toasts 2 s and error toasts 4 s", () => {
    expect(TOAST_MS).toEqual({ success: 2000, info: 2000, warning: 2000, error: 4000 });
    const s = useAppStore.getState();
    s.toast("success", { key: "common.success" });
    s.toast("error", { key: "errors.generic" });
    expect(useAppStore.getState().toasts.map((t) => t.kind)).toEqual(["success", "error"]);
    vi.advanceTimersByTime(1999);
    expect(useAppStore.getState().toasts).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(useAppStore.getState().toasts.map((t) => t.kind)).toEqual(["error"]);
    vi.advanceTimersByTime(2000);
    expect(useAppStore.getState().toasts).toEqual([]);
  });

  it("does not stack a toast that is already shown, and shows it again once it is gone", () => {
    const s = useAppStore.getState();
    const first = s.toast("error", { key: "errors.apiUnreachable" });
    expect(s.toast("error", { key: "errors.apiUnreachable" })).toBe(first);
    s.toast("error", { key: "errors.apiTimeout" });
    s.toast("success", { key: "common.success" });
    s.toast("success", { key: "common.success", values: { n: 1 } });
    expect(useAppStore.getState().toasts.map((t) => t.message.key)).toEqual([
      "errors.apiUnreachable",
      "errors.apiTimeout",
      "common.success",
      "common.success",
    ]);
    vi.advanceTimersByTime(4000);
    expect(useAppStore.getState().toasts).toEqual([]);
    expect(s.toast("error", { key: "errors.apiUnreachable" })).not.toBe(first);
    expect(useAppStore.getState().toasts).toHaveLength(1);
  });

  it("resolves confirm requests with the user's answer", async () => {
    const s = useAppStore.getState();
    const answer = s.confirm({ key: "common.confirm" });
    const [req] = useAppStore.getState().confirms;
    expect(req).toBeDefined();
    s.answerConfirm(req!.id, true);
    await expect(answer).resolves.toBe(true);
    s.answerConfirm(req!.id, false); // a second answer is ignored
    expect(useAppStore.getState().confirms.map((c) => c.answered)).toEqual([true]);
  });

  it("cleans an answered confirm dialog out of the pool after 5 s, leaving open ones", async () => {
    expect(CONFIRM_CLEANUP_MS).toBe(5000);
    const s = useAppStore.getState();
    const first = s.confirm({ key: "common.confirm" });
    void s.confirm({ key: "common.cancel" });
    const [a, b] = useAppStore.getState().confirms;
    s.answerConfirm(a!.id, false);
    await expect(first).resolves.toBe(false);
    vi.advanceTimersByTime(4999);
    expect(useAppStore.getState().confirms.map((c) => c.id)).toEqual([a!.id, b!.id]);
    vi.advanceTimersByTime(1);
    expect(useAppStore.getState().confirms.map((c) => c.id)).toEqual([b!.id]);
    vi.advanceTimersByTime(60_000); // an unanswered dialog waits for the user
    expect(useAppStore.getState().confirms.map((c) => c.id)).toEqual([b!.id]);
  });

  it("keeps the login flag, which code 4700 turns off", () => {
    useAppStore.getState().setLogin(true);
    expect(useAppStore.getState().isLogin).toBe(true);
    useAppStore.getState().setLogin(false);
    expect(useAppStore.getState().isLogin).toBe(false);
  });

  it("counts pending transactions and never goes below zero", () => {
    const s = useAppStore.getState();
    s.beginPending();
    s.beginPending();
    s.endPending();
    expect(useAppStore.getState().pending).toBe(1);
    s.endPending();
    s.endPending();
    expect(useAppStore.getState().pending).toBe(0);
  });

  it("opens the next flow's overlay in full: moving it aside lasts until no transaction is in flight", () => {
    const s = useAppStore.getState();
    s.beginPending();
    s.setPendingMinimised(true);
    s.beginPending();
    s.endPending();
    expect(useAppStore.getState().pendingMinimised).toBe(true);
    s.endPending();
    expect(useAppStore.getState().pendingMinimised).toBe(false);
  });

  it("keeps the exact-approvals setting in localStorage; unlimited is the default", () => {
    expect(useAppStore.getState().approvalMode).toBe("unlimited");
    useAppStore.getState().setApprovalMode("exact");
    expect(localStorage.getItem("exactApprovals")).toBe("true");
    useAppStore.getState().setApprovalMode("unlimited");
    expect(localStorage.getItem("exactApprovals")).toBeNull();
    expect(useAppStore.getState().approvalMode).toBe("unlimited");
  });
});

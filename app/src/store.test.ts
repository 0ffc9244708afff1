import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STORAGE_KEYS, TOAST_MS, useAppStore } from "./store";

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

  it("resolves confirm requests with the user's answer", async () => {
    const s = useAppStore.getState();
    const answer = s.confirm({ key: "common.confirm" });
    const [req] = useAppStore.getState().confirms;
    expect(req).toBeDefined();
    s.answerConfirm(req!.id, true);
    await expect(answer).resolves.toBe(true);
    expect(useAppStore.getState().confirms).toEqual([]);
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
});

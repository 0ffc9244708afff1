import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n } from "../../i18n";
import { CONFIRM_CLEANUP_MS, confirmDialog, useAppStore } from "../store";
import { ConfirmDialog } from "./ConfirmDialog";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  useAppStore.setState({ confirms: [] });
});

describe("ConfirmDialog", () => {
  it("asks, resolves with the answer, shows the next request, and is cleaned up 5 s later", async () => {
    vi.useFakeTimers();
    render(<ConfirmDialog />);
    let first!: Promise<boolean>;
    let second!: Promise<boolean>;
    act(() => {
      first = confirmDialog({ key: "common.comeSoon" });
      second = confirmDialog({ key: "common.noMore" });
    });

    const dialog = screen.getByRole("alertdialog", { name: "Confirm" });
    expect(dialog.textContent).toContain("Come soon");
    expect(document.activeElement?.textContent).toBe("Cancel"); // the safe answer has focus
    fireEvent.click(screen.getByRole("button", { name: "Confirm" }));
    await expect(first).resolves.toBe(true);

    expect(screen.getByRole("alertdialog").textContent).toContain("No more");
    fireEvent.keyDown(screen.getByRole("alertdialog"), { key: "Escape" });
    await expect(second).resolves.toBe(false);
    expect(screen.queryByRole("alertdialog")).toBeNull();

    expect(useAppStore.getState().confirms).toHaveLength(2);
    act(() => vi.advanceTimersByTime(CONFIRM_CLEANUP_MS));
    expect(useAppStore.getState().confirms).toEqual([]);
  });
});

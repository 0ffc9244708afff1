import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n } from "../i18n";
import { lazyPage } from "../lib/lazyPage";
import { LazyDialog } from "./LazyDialog";

beforeAll(async () => {
  await i18n.changeLanguage("en");
});
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(cleanup);

const failedFetch = () => new TypeError("Failed to fetch dynamically imported module");

describe("LazyDialog", () => {
  it("shows the dialog once its chunk has loaded", async () => {
    const Picker = lazyPage(async () => ({ default: () => <p>wallet list</p> }));
    render(
      <LazyDialog title="wallet.connectTitle" onClose={() => {}}>
        <Picker />
      </LazyDialog>,
    );
    expect(await screen.findByText("wallet list")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("says the dialog did not load, offers a reload and can be closed", async () => {
    const load = vi.fn(() => Promise.reject<{ default: () => null }>(failedFetch()));
    const Picker = lazyPage<object>(load);
    const onClose = vi.fn();
    render(
      <LazyDialog title="wallet.connectTitle" onClose={onClose}>
        <Picker />
      </LazyDialog>,
    );
    const dialog = await screen.findByRole("alertdialog", { name: "Connect wallet" });
    expect(within(dialog).getByRole("alert").textContent).toBe(
      "This window failed to load. Please check your connection and reload.",
    );
    expect(load).toHaveBeenCalledTimes(2); // retried once
    expect(within(dialog).getByRole("button", { name: "Reload" })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("keeps a dialog that cannot be dismissed (registration) without a close button", async () => {
    const Register = lazyPage<object>(() => Promise.reject<{ default: () => null }>(failedFetch()));
    render(
      <LazyDialog title="register.title">
        <Register />
      </LazyDialog>,
    );
    const dialog = await screen.findByRole("alertdialog", { name: "Register binding" });
    expect(within(dialog).queryByRole("button", { name: "Close" })).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Reload" })).toBeTruthy();
  });
});

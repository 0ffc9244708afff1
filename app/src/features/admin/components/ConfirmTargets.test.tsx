import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { zeroHash } from "viem";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { i18n, loadParts } from "../../../i18n";
import { useAppStore } from "../../../app/store";
import { alice, bob, carol, owner, presale } from "../auditFixtures";
import { argumentTarget, batchTargets, confirmTargets } from "../confirm";
import type { Prepared } from "../hooks/useAdminCall";
import { ChangeList } from "./ConfigForm";
import { ConfirmTargets } from "./ConfirmTargets";

const direct: Prepared = { route: "direct", fn: "setNode", args: [alice, true] };
const scheduled: Prepared = {
  route: "timelock",
  fn: "setBlacklist",
  args: [alice, true],
  call: { target: presale.address, value: 0n, data: "0x" },
  timelock: owner,
  salt: zeroHash,
  delay: 120n,
  readyAt: 1_700_000_120n,
};

beforeAll(async () => {
  await loadParts(["manager"]);
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  useAppStore.setState({ toasts: [] });
  await i18n.changeLanguage("en");
});

/** The dialog's rows as "label: address" (the copy button adds no text). */
const rows = () =>
  within(screen.getByTestId("confirm-targets"))
    .getAllByRole("definition")
    .map((dd) => `${dd.previousElementSibling!.textContent}: ${dd.textContent}`);

describe("the addresses a manager's confirm dialog names", () => {
  it("a direct call: the contract, then the account the form changes, each in full", async () => {
    await i18n.changeLanguage("en");
    render(<ConfirmTargets targets={confirmTargets(presale, direct, [argumentTarget("account", alice)])} />);
    expect(rows()).toEqual([
      `Contract Presale: ${presale.address}`,
      `account (the address in the call): ${alice}`,
    ]);
  });

  it("a scheduled call also names the timelock it is scheduled on (zh)", async () => {
    await i18n.changeLanguage("zh");
    render(
      <ConfirmTargets targets={confirmTargets(presale, scheduled, [argumentTarget("account", alice)])} />,
    );
    expect(rows()).toEqual([
      `合约 Presale: ${presale.address}`,
      `经时间锁排期: ${owner}`,
      `account（调用中的地址）: ${alice}`,
    ]);
  });

  it("a batch names every address, numbered", async () => {
    await i18n.changeLanguage("en");
    render(<ConfirmTargets targets={confirmTargets(presale, direct, batchTargets([alice, bob, carol]))} />);
    expect(rows().slice(1)).toEqual([`Address #1: ${alice}`, `Address #2: ${bob}`, `Address #3: ${carol}`]);
  });

  it("each address has a copy button that puts exactly that address on the clipboard", async () => {
    const writeText = vi.fn(async () => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    render(<ConfirmTargets targets={confirmTargets(presale, direct, [argumentTarget("account", alice)])} />);
    fireEvent.click(screen.getByRole("button", { name: `Copy ${alice}` }));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(alice));
    expect(writeText).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(useAppStore.getState().toasts.at(-1)?.message.key).toBe("common.copied"));
  });

  it("a refused clipboard says so instead of failing silently", async () => {
    vi.stubGlobal("navigator", {
      ...navigator,
      clipboard: { writeText: async () => Promise.reject(new Error("denied")) },
    });
    vi.spyOn(console, "error").mockImplementation(() => {});
    render(<ConfirmTargets targets={confirmTargets(presale, direct)} />);
    fireEvent.click(screen.getByRole("button", { name: `Copy ${presale.address}` }));
    await vi.waitFor(() =>
      expect(useAppStore.getState().toasts.at(-1)?.message.key).toBe("common.copyFailed"),
    );
  });

  it("a changed address field shows old and new in full (checksummed), each with a copy button", async () => {
    await i18n.changeLanguage("en");
    const { container } = render(
      <ChangeList
        changes={[
          { field: { name: "manager", kind: "address" }, from: alice.toLowerCase() as never, to: bob },
          { field: { name: "isNode", kind: "bool" }, from: false, to: true },
        ]}
      />,
    );
    const items = container.querySelectorAll("li");
    expect(items[0]!.textContent).toBe(`manager: ${alice} → ${bob}`);
    expect(items[1]!.textContent).toBe("isNode: false → true");
    expect(
      within(items[0] as HTMLElement)
        .getAllByRole("button")
        .map((b) => b.getAttribute("aria-label")),
    ).toEqual([`Copy ${alice}`, `Copy ${bob}`]);
  });
});

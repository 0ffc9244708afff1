import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import type { Address } from "viem";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n, loadParts } from "../../../i18n";
import type { AppConnection } from "../../../app/useAppConnection";
import type { Announcement } from "../../../lib/announcement";
import { LpSwapCard } from "./LpSwapCard";
import type { LpSwapAccount } from "../hooks/useLpSwapAccount";

const LP_SWAP = "0x00000000000000000000000000000000000000c1" as Address;
const NEXT = "0x00000000000000000000000000000000000000d2" as Address;
const MEMBER = "0x00000000000000000000000000000000000000e3" as Address;
const E = 10n ** 18n;
const READY_AT = 4_102_444_800n; // 2100-01-01 00:00:00 UTC

const send = vi.hoisted(() => vi.fn());
let account: LpSwapAccount;
vi.mock("../../../app/useTransaction", () => ({ useTransaction: () => send }));
vi.mock("../hooks/useLpSwapAccount", () => ({ useLpSwapAccount: () => account }));
vi.mock("../contracts", async () => {
  const { lpSwapAbi: abi } = await import("@taichi/contracts");
  return {
    lpSwap: { address: "0x00000000000000000000000000000000000000c1", abi, chainId: 31337 },
  };
});

const connection: AppConnection = {
  address: MEMBER,
  isConnected: true,
  wrongChain: false,
  ready: true,
  isSettling: false,
  accountExpected: true,
};

/** 1000 LP locked, 100 claimed, 50 released and not claimed; 500 tokens, 100 claimed. */
const user = {
  index: 1n,
  amountLP: 1000n * E,
  claimLP: 100n * E,
  pendingLP: 50n * E,
  amountToken: 500n * E,
  claimToken: 100n * E,
  pendingToken: 0n,
  rateLP: 100n,
  rateToken: 200n,
};

function lpAccount(announcement: Announcement | undefined, positions = user): LpSwapAccount {
  return {
    config: { algebra: 0n, dayTimes: 86_400n, lpRate: 100n, tokenRate: 200n },
    lp: "0x00000000000000000000000000000000000000a1",
    token: "0x00000000000000000000000000000000000000a2",
    user: positions,
    announcement,
    blockTime: Math.floor(Date.now() / 1000),
    blockReadAt: Math.floor(Date.now() / 1000),
    lpBalance: 0n,
    tokenBalance: 0n,
    tokenSymbol: "TAICHI",
    isError: false,
  } as LpSwapAccount;
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await loadParts(["swap"]);
});
beforeEach(() => {
  send.mockReset().mockResolvedValue({ ok: true, hash: "0x01" });
});
afterEach(cleanup);

describe("LpSwapCard: closing early while a change of LpSwap is announced", () => {
  it("shows no notice and no Close early while nothing is announced", () => {
    account = lpAccount(undefined);
    render(<LpSwapCard connection={connection} />);
    expect(screen.queryByRole("button", { name: "Close early" })).toBeNull();
    expect(screen.queryByText("A change of the LP swap is announced")).toBeNull();
  });

  it("says what is announced and when it may land (UTC, countdown), then sends closeEarly() after a confirm showing what comes back", async () => {
    account = lpAccount({
      implementation: NEXT,
      newOwner: undefined,
      announcedAt: READY_AT - 3n * 86_400n,
      readyAt: READY_AT,
    });
    render(<LpSwapCard connection={connection} />);
    const notice = screen.getByRole("region", { name: "A change of the LP swap is announced" });
    expect(notice.textContent).toContain(`Upgrade of the LP swap to the implementation ${NEXT}`);
    expect(notice.textContent).not.toContain("ownership");
    expect(screen.getByTestId("lp-announce-ready-at").textContent).toBe("1 Jan 2100, 00:00:00 UTC");
    expect(within(notice).getByRole("timer")).toBeTruthy();
    fireEvent.click(button("Close early"));
    const dialog = screen.getByRole("alertdialog", { name: "Close your LP swap positions early?" });
    const quote = within(dialog).getByTestId("early-close-quote").textContent;
    // still locked 850 + released and not claimed 50 = the amount less what was claimed (900), not 850 or 1000
    expect(quote).toContain("LP still locked850 LP");
    expect(quote).toContain("LP released, not claimed50 LP");
    expect(quote).toContain("LP back in total900 LP");
    expect(quote).toContain("Tokens back in total400 TAICHI");
    expect(send).not.toHaveBeenCalled();
    fireEvent.click(within(dialog).getByRole("button", { name: "Close early" }));
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1));
    expect(send).toHaveBeenCalledWith(
      expect.objectContaining({ address: LP_SWAP, functionName: "closeEarly", args: [] }),
    );
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("names an announced ownership transfer, says when it may land now, and a cancelled confirm sends nothing", () => {
    account = lpAccount({
      implementation: undefined,
      newOwner: NEXT,
      announcedAt: 1_767_225_600n - 3n * 86_400n,
      readyAt: 1_767_225_600n,
    });
    render(<LpSwapCard connection={connection} />);
    const notice = screen.getByRole("region", { name: "A change of the LP swap is announced" });
    expect(notice.textContent).toContain(`Transfer of the LP swap's ownership to ${NEXT}`);
    expect(screen.getByTestId("lp-announce-ready-at").textContent).toBe("1 Jan 2026, 00:00:00 UTC");
    expect(notice.textContent).toContain("It may land now");
    fireEvent.click(button("Close early"));
    fireEvent.click(button("Cancel"));
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(send).not.toHaveBeenCalled();
  });

  it("disables Close early when nothing is still locked (claim instead)", () => {
    const released = { ...user, pendingLP: 900n * E, pendingToken: 400n * E };
    account = lpAccount(
      { implementation: NEXT, newOwner: undefined, announcedAt: READY_AT - 3n * 86_400n, readyAt: READY_AT },
      released,
    );
    render(<LpSwapCard connection={connection} />);
    expect(button("Close early").disabled).toBe(true);
    expect(
      screen.getByText("Nothing of yours is still locked: claim what was released instead"),
    ).toBeTruthy();
  });
});

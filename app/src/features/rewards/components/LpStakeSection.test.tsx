import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import type { Address } from "viem";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { i18n, loadParts } from "../../../i18n";
import { LpStakeSection } from "./LpStakeSection";
import type { RewardsAccount } from "../hooks/useRewardsAccount";

const actions = {
  stakeLp: vi.fn(),
  unstakeLp: vi.fn(),
  claimLp: vi.fn(),
};
vi.mock("../hooks/useRewardActions", () => ({ useRewardActions: () => actions }));

const E = 10n ** 18n;
const LP_TOKEN = "0x00000000000000000000000000000000000000aa" as Address;

function account(lp: Partial<NonNullable<RewardsAccount["lp"]>>, lpInWallet: bigint | undefined) {
  return {
    lp: { isValid: true, isBlackList: false, index: 1n, lp: 0n, reward: 0n, pending: 0n, staked: 0n, ...lp },
    lpToken: LP_TOKEN,
    lpInWallet,
  } as unknown as RewardsAccount;
}

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

beforeAll(async () => {
  await i18n.changeLanguage("en");
  await loadParts(["rewards"]);
});
beforeEach(() => {
  for (const fn of Object.values(actions)) fn.mockReset().mockResolvedValue({ ok: true, hash: "0x01" });
});
afterEach(cleanup);

describe("LpStakeSection", () => {
  it("stakes what is typed, up to the LP in the wallet, naming the LP token to approve", () => {
    render(<LpStakeSection rewards={account({ staked: 2n * E, lp: 2n * E }, 10n * E)} />);
    expect(screen.getByTestId("lp-staked").textContent).toBe("2");
    expect(button("Stake").disabled).toBe(true);
    const input = screen.getByLabelText("Amount to stake (LP)");
    fireEvent.change(input, { target: { value: "10.5" } });
    expect(screen.getByRole("alert").textContent).toBe("Insufficient balance");
    expect(button("Stake").disabled).toBe(true);
    fireEvent.change(input, { target: { value: "5" } });
    fireEvent.click(button("Stake"));
    expect(actions.stakeLp).toHaveBeenCalledWith(LP_TOKEN, 5n * E);
    expect(actions.unstakeLp).not.toHaveBeenCalled();
  });

  it("unstakes up to what is staked (Max), not what the wallet holds", () => {
    render(<LpStakeSection rewards={account({ staked: 3n * E, lp: 3n * E }, 10n * E)} />);
    fireEvent.click(screen.getByRole("radio", { name: "Unstake" }));
    const input = screen.getByLabelText("Amount to unstake (LP)");
    fireEvent.change(input, { target: { value: "4" } });
    expect(screen.getByRole("alert").textContent).toBe("Insufficient balance");
    fireEvent.click(button("Max"));
    fireEvent.click(button("Unstake"));
    expect(actions.unstakeLp).toHaveBeenCalledWith(3n * E);
  });

  it("claims only when something is owed", () => {
    const { unmount } = render(<LpStakeSection rewards={account({ staked: E, lp: E }, 0n)} />);
    expect(button("Claim LP dividend").disabled).toBe(true);
    unmount();
    render(<LpStakeSection rewards={account({ staked: E, lp: E, pending: E / 2n }, 0n)} />);
    expect(screen.getByTestId("lp-owed").textContent).toBe("0.5");
    fireEvent.click(button("Claim LP dividend"));
    expect(actions.claimLp).toHaveBeenCalledTimes(1);
  });

  it("says how to get LP when there is none, and that a blacklisted staker earns nothing new", () => {
    const { unmount } = render(<LpStakeSection rewards={account({}, 0n)} />);
    expect(screen.getByText(/You hold no LP of the BurnToken\/USDT pair/)).toBeTruthy();
    unmount();
    render(<LpStakeSection rewards={account({ staked: E, isBlackList: true }, 0n)} />);
    expect(screen.getByText(/blacklisted: it earns no new LP dividend, and can still unstake/)).toBeTruthy();
  });
});

import { cleanup, render, screen } from "@testing-library/react";
import { parseEther } from "viem";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { i18n, loadParts } from "../../../i18n";
import { OpenStakeNote } from "./OpenStakeNote";

beforeAll(async () => {
  await loadParts(["stakes"]);
});
afterEach(cleanup);

const note = () => screen.getByTestId("open-stake-note").textContent;

describe("OpenStakeNote: invite income needs the member's own open stake", () => {
  it("without an open stake it warns that downline deposits earn nothing", async () => {
    await i18n.changeLanguage("en");
    render(<OpenStakeNote openPrincipal={0n} />);
    expect(note()).toMatch(/^Invite and team income is credited only while you have an open stake/);
    expect(screen.getByText(/^You have no open stake now/).className).toBe("warn-text");
    expect(screen.queryByRole("status")).toBeNull();
  });

  it("with one it says how much is staked and that invite income is earned", async () => {
    await i18n.changeLanguage("en");
    render(<OpenStakeNote openPrincipal={parseEther("1250.5")} />);
    expect(screen.getByText(/staked now/).textContent).toBe(
      "You have 1,250.5 USDT staked now: your downline's deposits earn you invite and team income.",
    );
    expect(screen.queryByText(/no open stake/)).toBeNull();
  });

  it("while the stake is read it states only the rule, a placeholder where the status will be (zh)", async () => {
    await i18n.changeLanguage("zh");
    render(<OpenStakeNote openPrincipal={undefined} />);
    expect(screen.getByTestId("open-stake-note").querySelector('[role="status"]')).not.toBeNull();
    expect(note()).toBe(
      "只有你自己有进行中的质押时，才会获得邀请收益和团队收益：你没有进行中的质押时，下级的质押不给你收益，之后也不会补发。",
    );
  });

  it("zh: with and without an open stake", async () => {
    await i18n.changeLanguage("zh");
    const { rerender } = render(<OpenStakeNote openPrincipal={0n} />);
    expect(note()).toContain("你目前没有进行中的质押");
    rerender(<OpenStakeNote openPrincipal={parseEther("100")} />);
    expect(note()).toContain("你目前有 100 USDT 进行中的质押");
  });
});

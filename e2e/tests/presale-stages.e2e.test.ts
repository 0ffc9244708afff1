import { idoAbi, swapTokenAbi, usdtAbi } from "@taichi/contracts";
import type { Page } from "@playwright/test";
import { type Address, type PublicClient } from "viem";
import { DEV_ROLES, expect, test } from "../fixtures/test.ts";
import { connectWallet, devWallet, direct, timeTravel } from "../fixtures/accounts.ts";

const symbolOf = (chain: PublicClient, address: Address) =>
  chain.readContract({ address, abi: swapTokenAbi, functionName: "symbol" });

/** The presale card's stage badge, the label of its countdown, and its button (home). */
async function card(page: Page) {
  const region = page.getByRole("region", { name: "Presale", exact: true });
  await expect(region.locator(".stage-badge")).toBeVisible();
  return region;
}

test.describe("home and /ido follow the sale's stage", () => {
  test.use({ walletAccount: DEV_ROLES.members[0], viewport: { width: 375, height: 812 } });

  test("before, open, ended, claims open: stage, countdown, button and copy follow the chain; tokens named by symbol", async ({
    page,
    chain,
    contracts,
  }) => {
    const symbol = await symbolOf(chain, contracts.SwapToken!);
    const pay = await chain.readContract({ address: contracts.Usdt!, abi: usdtAbi, functionName: "symbol" });
    // a schedule with every phase ahead: opens in 2 days, ends a day later, claims a day after that
    const c = await chain.readContract({ address: contracts.Ido!, abi: idoAbi, functionName: "getConfig" });
    const { timestamp: t0 } = await chain.getBlock();
    const day = 86_400n;
    const config = { ...c, startTime: t0 + 2n * day, endTime: t0 + 3n * day, extractTime: t0 + 4n * day };
    const { algebra: _algebra, dayTimes: _dayTimes, idoHas: _idoHas, ...settings } = config;
    await direct(
      chain,
      devWallet(DEV_ROLES.manager).writeContract({
        address: contracts.Ido!,
        abi: idoAbi,
        functionName: "setConfig",
        args: [settings],
      }),
    );
    const announcement = page.getByRole("region", { name: "Announcement" });

    // before
    await page.goto("/");
    let sale = await card(page);
    await expect(sale.locator(".stage-badge")).toHaveText("Not started");
    await expect(sale.getByText("Starts in")).toBeVisible();
    await expect(announcement).toContainText(`The ${symbol} presale opens soon`);
    await expect(sale.getByRole("link", { name: "Join the presale" })).toBeVisible();

    // open
    await timeTravel(config.startTime - t0);
    await page.reload();
    sale = await card(page);
    await expect(sale.locator(".stage-badge")).toHaveText("Ongoing");
    await expect(sale.getByText("Ends in")).toBeVisible();
    await expect(sale.getByText(new RegExp(`^Tier 1: [\\d,.]+ ${symbol} per participation$`))).toBeVisible();
    await expect(sale.getByText(`50 ${pay}`)).toBeVisible();
    await expect(announcement).toContainText(`The ${symbol} presale is open`);
    await expect(sale.getByRole("link", { name: "Join the presale" })).toBeVisible();
    // the rules name the token, and a payment-proof day already behind the chain's clock is past
    const rules = page.getByRole("region", { name: "Presale rules" });
    await expect(rules).toContainText(`claim your ${symbol} on the IDO page from`);
    await expect(rules).toContainText("that deadline has passed");
    await expect(rules).not.toContainText("The deadline for submitting payment proof is");

    // ended: no tier, no join button; the countdown now runs to the claim opening
    const { timestamp } = await chain.getBlock();
    await timeTravel(config.endTime - timestamp + 1n);
    await page.reload();
    sale = await card(page);
    await expect(sale.locator(".stage-badge")).toHaveText("Ended");
    await expect(sale.getByText("Claims open in")).toBeVisible();
    await expect(sale.getByText(/^Tier /)).toHaveCount(0);
    await expect(sale.getByRole("link", { name: "Join the presale" })).toHaveCount(0);
    await expect(announcement).toContainText(`The ${symbol} presale has ended`);
    await sale.getByRole("link", { name: "View my allocation" }).click();
    await expect(page).toHaveURL(/\/ido$/);
    await connectWallet(page);
    await expect(page.getByRole("region", { name: "My allocation" })).toBeVisible();
    // nothing left to buy on /ido
    await expect(page.getByRole("button", { name: /^Buy for / })).toHaveCount(0);

    // claims open
    await timeTravel(config.extractTime - config.endTime);
    await page.goto("/");
    sale = await card(page);
    await expect(sale.locator(".stage-badge")).toHaveText("Claims open");
    await expect(announcement).toContainText(`Claims are open: buyers claim their ${symbol}`);
    await expect(sale.getByRole("link", { name: `Claim my ${symbol}` })).toBeVisible();
    await expect(page.getByRole("region", { name: "Presale rules" })).toContainText("claims opened on");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

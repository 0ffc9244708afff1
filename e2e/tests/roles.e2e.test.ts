import { presaleAbi } from "@taichi/contracts";
import { DEV_ROLES, expect, test } from "../fixtures/test.ts";
import { TEST_WALLET_NAME } from "@taichi/scripts/testWallet/wallet";
import type { Page } from "@playwright/test";

async function connect(page: Page) {
  await page.getByRole("button", { name: "UNCONNECT" }).click();
  await page.getByRole("button", { name: TEST_WALLET_NAME }).click();
}

test.describe("the manager (dev account 1, Presale config manager)", () => {
  test.use({ walletAccount: DEV_ROLES.manager });

  test("sees the configuration menu and page, and never the registration overlay", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const config = await chain.readContract({
      address: contracts.Presale!,
      abi: presaleAbi,
      functionName: "getConfig",
    });
    expect(config.manager).toBe(wallet.account.address);
    // not registered: a member in this state would get the overlay
    const user = await chain.readContract({
      address: contracts.Presale!,
      abi: presaleAbi,
      functionName: "users",
      args: [wallet.account.address],
    });
    expect(user.index).toBe(0n);

    await page.goto("/");
    await connect(page);
    await expect(page.getByText("Manager", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Menu" }).click();
    const link = page.getByRole("navigation", { name: "Menu" }).getByRole("link", {
      name: "Contract configuration",
      exact: true,
    });
    await expect(link).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Register binding" })).toHaveCount(0);

    await link.click();
    await expect(page).toHaveURL(/\/manager$/);
    await expect(page.getByRole("heading", { name: "Contract configuration" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Register binding" })).toHaveCount(0);

    // a fresh load straight onto the second configuration page is not redirected while reconnecting
    await page.goto("/managerTRC");
    await expect(page.getByRole("heading", { name: "Contract configuration 2" })).toBeVisible();
    await expect(page).toHaveURL(/\/managerTRC$/);
  });
});

test.describe("a member (dev account 2)", () => {
  test.use({ walletAccount: DEV_ROLES.members[0] });

  test("has no configuration menu entry and is sent away from /manager and /managerTRC", async ({ page }) => {
    await page.goto("/");
    await connect(page);
    await expect(page.getByText("Registered", { exact: true })).toBeVisible();
    await page.getByRole("button", { name: "Menu" }).click();
    const menu = page.getByRole("navigation", { name: "Menu" });
    await expect(menu.getByRole("link", { name: "Home" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Team" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Contract configuration" })).toHaveCount(0);
    await expect(page.getByText("Manager", { exact: true })).toHaveCount(0);

    for (const path of ["/manager", "/managerTRC"]) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByText("Registered", { exact: true })).toBeVisible();
    }
    await expect(page.getByRole("heading", { name: "Contract configuration" })).toHaveCount(0);
  });
});

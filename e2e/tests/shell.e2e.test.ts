import { DEV_ROLES, expect, test } from "../fixtures/test.ts";
import { TEST_WALLET_NAME } from "@taichi/scripts/testWallet/wallet";

test.describe("shell", () => {
  test("the language toggle switches en -> zh and the choice survives a reload", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Tai Chi · Yin and Yang" })).toBeVisible();

    await page.getByRole("button", { name: "zh" }).click();
    await expect(page.getByRole("heading", { name: "太极 · 阴阳相生" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");

    await page.reload();
    await expect(page.getByRole("heading", { name: "太极 · 阴阳相生" })).toBeVisible();
    expect(await page.evaluate(() => window.localStorage.getItem("lang"))).toBe("zh");

    await page.getByRole("button", { name: "en" }).click();
    await expect(page.getByRole("heading", { name: "Tai Chi · Yin and Yang" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "Tai Chi · Yin and Yang" })).toBeVisible();
  });

  test.describe("at 375 px, by keyboard", () => {
    test.use({ viewport: { width: 375, height: 812 }, walletAccount: DEV_ROLES.members[0] });

    test("the top bar fits, the menu opens and closes by keyboard with visible focus", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("button", { name: "UNCONNECT" }).click();
      await page.getByRole("button", { name: TEST_WALLET_NAME }).click();
      await expect(page.getByRole("button", { name: "0x3C4..93BC" })).toBeVisible();

      // nothing wider than the phone
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      for (const name of ["Menu", "0x3C4..93BC", "zh"]) {
        const box = await page.getByRole("button", { name }).boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x + box!.width, name).toBeLessThanOrEqual(375);
      }

      // From a fresh page, Tab reaches the menu button first; Enter opens the menu on its first entry
      await page.reload();
      await expect(page.getByRole("button", { name: "0x3C4..93BC" })).toBeVisible();
      await page.keyboard.press("Tab");
      const menuButton = page.getByRole("button", { name: "Menu" });
      await expect(menuButton).toBeFocused();
      const outline = await menuButton.evaluate((el) => getComputedStyle(el).outlineStyle);
      expect(outline).not.toBe("none");
      await page.keyboard.press("Enter");
      const menu = page.getByRole("navigation", { name: "Menu" });
      await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link", { name: "Team" })).toBeFocused();

      // Escape closes it and gives focus back to the menu button
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(menuButton).toBeFocused();

      // the "stake" entry opens the staking page
      await page.keyboard.press("Enter");
      await menu.getByRole("link", { name: "Stake" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Staking" })).toBeVisible();
    });
  });
});

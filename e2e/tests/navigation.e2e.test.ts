import type { Page } from "@playwright/test";
import { DEV_ROLES, expect, test } from "../fixtures/test.ts";
import { connectWallet } from "../fixtures/accounts.ts";

/** Every route and the heading it shows (English). */
const ROUTES = [
  { path: "/ido", heading: "IDO" },
  { path: "/stakes", heading: "Staking" },
  { path: "/swap", heading: "Swap" },
  { path: "/team", heading: "Team" },
  { path: "/invites", heading: "Invitations" },
  { path: "/mine", heading: "Mining" },
  { path: "/governance", heading: "Governance and timelock" },
  { path: "/manager", heading: "Contract configuration" },
  { path: "/managerTRC", heading: "Contract configuration 2" },
  { path: "/", heading: "Tai Chi · Yin and Yang" },
] as const;

async function expectPage(page: Page, path: string, heading: string) {
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
}

/** Opens the side menu and clicks an entry. */
async function viaMenu(page: Page, name: string) {
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name, exact: true }).click();
}

const MENU_NAMES: Record<string, string> = {
  "/ido": "IDO",
  "/stakes": "Stake",
  "/swap": "Swap",
  "/team": "Team",
  "/invites": "Invites",
  "/mine": "Mining",
  "/governance": "Governance",
  "/manager": "Contract configuration",
  "/managerTRC": "Contract configuration 2",
  "/": "Home",
};

test.describe("navigation", () => {
  test.describe("as a manager", () => {
    test.use({ walletAccount: DEV_ROLES.deployer });

    for (const width of [375, 1280]) {
      test(`at ${width} px every route is reached by clicks from /, through the side menu`, async ({
        page,
      }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/");
        await connectWallet(page);
        for (const { path, heading } of ROUTES) {
          await viaMenu(page, MENU_NAMES[path]!);
          await expectPage(page, path, heading);
          await expect(page.getByRole("navigation", { name: "Menu" })).toBeHidden();
          // the page, once laid out (its reads answered or failed), fits the width: no sideways scroll
          await expect
            .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
            .toBeLessThanOrEqual(width);
        }
      });
    }

    test("the configuration pages link to each other, Team links to Invites", async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.goto("/");
      await connectWallet(page);
      await viaMenu(page, "Contract configuration");
      await page.getByRole("link", { name: "Contract configuration 2" }).click();
      await expectPage(page, "/managerTRC", "Contract configuration 2");
      await page.locator(".main").getByRole("link", { name: "Contract configuration", exact: true }).click();
      await expectPage(page, "/manager", "Contract configuration");

      await viaMenu(page, "Team");
      await page.getByRole("link", { name: "Your invitation link and invitees" }).click();
      await expectPage(page, "/invites", "Invitations");
    });
  });

  test.describe("as a member at 375 px", () => {
    test.use({ walletAccount: DEV_ROLES.members[0], viewport: { width: 375, height: 812 } });

    test("the bottom bar opens the main pages and marks the current one; no manager entries", async ({
      page,
    }) => {
      await page.goto("/");
      await connectWallet(page);
      const bar = page.getByRole("navigation", { name: "Main pages" });
      await expect(bar.getByRole("link")).toHaveText(["Home", "Team", "Swap", "Stake", "IDO"]);
      for (const [name, path, heading] of [
        ["Stake", "/stakes", "Staking"],
        ["IDO", "/ido", "IDO"],
        ["Team", "/team", "Team"],
        ["Swap", "/swap", "Swap"],
        ["Home", "/", "Tai Chi · Yin and Yang"],
      ] as const) {
        await bar.getByRole("link", { name, exact: true }).click();
        await expectPage(page, path, heading);
        await expect(bar.getByRole("link", { name, exact: true })).toHaveAttribute("aria-current", "page");
      }
      // the bar never hides the end of a page: the footer's last line is above it
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      const footer = await page.locator(".footer").boundingBox();
      const barBox = await bar.boundingBox();
      expect(footer!.y + footer!.height).toBeLessThanOrEqual(barBox!.y + 1);

      await page.getByRole("button", { name: "Menu" }).click();
      const menu = page.getByRole("navigation", { name: "Menu" });
      await expect(menu.getByRole("link")).toHaveText([
        "Home",
        "Team",
        "Swap",
        "Stake",
        "IDO",
        "Invites",
        "Mining",
        "Governance",
      ]);
    });
  });

  test.describe("as a visitor at 375 px", () => {
    test.use({ viewport: { width: 375, height: 812 } });

    test("paths ignore case and a trailing slash, a new page starts at the top, /S is the 404 page without the top bar", async ({
      page,
    }) => {
      const bar = page.getByRole("navigation", { name: "Main pages" });
      await page.goto("/IDO/");
      await expectPage(page, "/IDO/", "IDO");
      // Both pages loaded once: the next visit of /ido renders at once, as long as it was.
      await bar.getByRole("link", { name: "Home" }).click();
      await expectPage(page, "/", "Tai Chi · Yin and Yang");
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
      await bar.getByRole("link", { name: "IDO" }).click();
      await expectPage(page, "/ido", "IDO");
      expect(await page.evaluate(() => window.scrollY)).toBe(0);

      await page.goto("/S");
      await expectPage(page, "/S", "404");
      await expect(page.locator("header.topbar")).toHaveCount(0);
      await expect(page.getByRole("navigation", { name: "Main pages" })).toHaveCount(0);
    });
  });

  test.describe("at 1280 px", () => {
    test.use({ viewport: { width: 1280, height: 800 } });

    test("the bottom bar is not shown", async ({ page }) => {
      await page.goto("/");
      await expect(page.getByRole("heading", { name: "Tai Chi · Yin and Yang" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Main pages" })).toBeHidden();
    });
  });
});

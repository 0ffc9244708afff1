import { expect, test } from "../fixtures/test.ts";
import { CHAIN_URL } from "../fixtures/ports.ts";

declare global {
  interface Window {
    __layoutShift: number;
  }
}

test.describe("loading", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the page paints placeholders before the language and the chain answer, then its content, without layout shift", async ({
    page,
  }) => {
    // the sum of layout shifts not caused by input (CLS), from the first paint on
    await page.addInitScript(() => {
      window.__layoutShift = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) window.__layoutShift += entry.value;
      }).observe({ type: "layout-shift", buffered: true });
    });
    // hold the English catalogue and every chain request until the placeholders were seen
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let catalogueRequests = 0;
    await page.route(/\/assets\/en-[\w-]+\.js$/, async (route) => {
      catalogueRequests++;
      await held;
      await route.continue();
    });
    await page.route(`${CHAIN_URL}/**`, async (route) => {
      await held;
      await route.continue();
    });

    await page.goto("/", { waitUntil: "commit" });
    // first paint: the app's name (in the stored language) and placeholders, before any script answered
    await expect(page.locator(".topbar").getByText("TAICHI", { exact: true })).toBeVisible();
    await expect(page.locator(".skeleton-title")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tai Chi · Yin and Yang" })).toHaveCount(0);

    release();
    await expect(page.getByRole("heading", { name: "Tai Chi · Yin and Yang" })).toBeVisible();
    const sale = page.getByRole("region", { name: "Presale", exact: true });
    await expect(sale.locator(".stage-badge")).toBeVisible();
    await expect(page.getByRole("status", { name: "Loading..." })).toHaveCount(0);
    expect(await page.evaluate(() => window.__layoutShift)).toBeLessThan(0.05);
    expect(catalogueRequests, "the English start catalogue was the chunk held").toBe(1);
  });
});

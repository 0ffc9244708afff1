import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test.ts";
import { MEMBER_PAGES, type MemberPage } from "@taichi/scripts/bench/pages";

declare global {
  interface Window {
    __layoutShift: number;
    /** what moved, for the failure message: "value tag.class" per shifted element */
    __shifted: string[];
  }
}

/**
 * Every member page's first load at phone width does not move under the member's thumb: the sum of the
 * layout shifts not caused by input (the Layout Instability API, what Lighthouse calls CLS) stays at or
 * below 0.1, Google's "good" line, from the first paint until the page has read everything it shows.
 */
const MAX_LAYOUT_SHIFT = 0.1;

const heading = (page: Page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible();

/** What each member page shows once its reads answered (besides no "Loading..." placeholder left). */
const SETTLED: Record<MemberPage, (page: Page) => Promise<void>> = {
  "/": (page) =>
    expect(page.getByRole("region", { name: "Presale", exact: true }).locator(".stage-badge")).toBeVisible(),
  "/ido": (page) => expect(page.locator(".stage-badge").first()).toBeVisible(),
  "/stakes": (page) => expect(page.locator(".tier-list > li")).toHaveCount(5),
  "/swap": heading,
  "/team": heading,
  "/invites": heading,
  "/mine": heading,
  "/governance": heading,
};

async function observeLayoutShift(page: Page) {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    window.__shifted = [];
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
    const describe = (node: Node | undefined) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}.${node.className.trim().replace(/\s+/g, ".")}`
        : String(node);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        window.__layoutShift += entry.value;
        window.__shifted.push(
          `${entry.value.toFixed(3)} ${entry.sources.map((s) => describe(s.node)).join(" ")}`,
        );
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function expectSteadyLoad(page: Page, path: MemberPage) {
  await SETTLED[path](page);
  await expect(page.getByRole("status", { name: "Loading..." })).toHaveCount(0);
  // the shifts of the last frame are reported on the next one
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const { total, shifted } = await page.evaluate(() => ({
    total: window.__layoutShift,
    shifted: window.__shifted,
  }));
  test.info().annotations.push({ type: "layout shift", description: `${path}: ${total.toFixed(3)}` });
  expect(total, `layout shifts of ${path}:\n${shifted.join("\n")}`).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
}

test.describe("layout shift", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const path of MEMBER_PAGES) {
    test(`a visitor's first load of ${path} shifts at most ${MAX_LAYOUT_SHIFT}`, async ({ page }) => {
      await observeLayoutShift(page);
      await page.goto(path);
      await expectSteadyLoad(page, path);
    });
  }
});

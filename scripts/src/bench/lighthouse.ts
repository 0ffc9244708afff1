/**
 * Lighthouse scores of the production build in Debian's Chromium, for a visitor (no wallet): the
 * stack is started on its own ports, each page audited once on the mobile preset. A second pass
 * throttles for real (DevTools throttling: slow 4G, 150 ms RTT and 1.6 Mbps, and a 4x slower CPU) and
 * records when the first content and the largest content are painted, and the layout shift (issue 19).
 */
import { join } from "node:path";
import { REPO_ROOT } from "../env.ts";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startStack } from "../stack.ts";
import { chromiumPath } from "../check-system.ts";

export type LighthouseRow = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  /** first contentful paint, ms, slow 4G and 4x CPU (the placeholders in index.html count) */
  firstContentMs: number;
  /** largest contentful paint, ms, same throttling: the page's real content */
  largestContentMs: number;
  /** cumulative layout shift, same run */
  layoutShift: number;
};

const FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function measureLighthouse(pages = ["/", "/ido"]): Promise<LighthouseRow[]> {
  const stack = await startStack({
    ports: { chain: 8945, api: 9187, app: 5573 },
    stateDir: join(REPO_ROOT, ".data", "bench-lighthouse"),
    appMode: "preview",
    quiet: true,
  });
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: FLAGS });
  try {
    const rows: LighthouseRow[] = [];
    for (const page of pages) {
      const result = await lighthouse(`${stack.urls.app}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "best-practices"],
      });
      const categories = result!.lhr.categories;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const throttled = await lighthouse(`${stack.urls.app}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        throttlingMethod: "devtools",
      });
      const metric = (id: string) => throttled!.lhr.audits[id]?.numericValue ?? Number.NaN;
      rows.push({
        page,
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        firstContentMs: Math.round(metric("first-contentful-paint")),
        largestContentMs: Math.round(metric("largest-contentful-paint")),
        layoutShift: Math.round(metric("cumulative-layout-shift") * 1000) / 1000,
      });
    }
    return rows;
  } finally {
    chrome.kill();
    await stack.stop();
  }
}

/**
 * Lighthouse scores of the production build in Debian's Chromium, for a visitor (no wallet): the
 * stack is started on its own ports, each page audited BENCH_LIGHTHOUSE_RUNS times (3) on the mobile
 * preset, and the median of each score kept (one run swings by several points). A second pass
 * throttles for real (DevTools throttling: slow 4G, 150 ms RTT and 1.6 Mbps, and a 4x slower CPU) and
 * records when the first content and the largest content are painted, and the layout shift.
 */
import { join } from "node:path";
import { REPO_ROOT } from "../env.ts";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startStack } from "../stack.ts";
import { chromiumPath } from "../check-system.ts";
import { MEMBER_PAGES } from "./pages.ts";

export type LighthouseRow = {
  page: string;
  /** median of the runs */
  performance: number;
  /** each run's performance score */
  runs: string;
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

const RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
/** BENCH_LIGHTHOUSE_PORT_OFFSET shifts every port, so two benches can run side by side. */
const PORT_OFFSET = Number(process.env.BENCH_LIGHTHOUSE_PORT_OFFSET ?? 0);

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function measureLighthouse(pages: readonly string[] = MEMBER_PAGES): Promise<LighthouseRow[]> {
  const stack = await startStack({
    ports: { chain: 8945 + PORT_OFFSET, api: 9187 + PORT_OFFSET, app: 5573 + PORT_OFFSET },
    stateDir: join(REPO_ROOT, ".data", "bench-lighthouse"),
    appMode: "preview",
    quiet: true,
  });
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: FLAGS });
  try {
    const rows: LighthouseRow[] = [];
    for (const page of pages) {
      const scores: Pick<LighthouseRow, "performance" | "accessibility" | "bestPractices">[] = [];
      for (let run = 0; run < RUNS; run++) {
        const result = await lighthouse(`${stack.urls.app}${page}`, {
          port: chrome.port,
          output: "json",
          logLevel: "error",
          onlyCategories: ["performance", "accessibility", "best-practices"],
        });
        const categories = result!.lhr.categories;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        scores.push({
          performance: score("performance"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
        });
      }
      const medianOf = (id: keyof (typeof scores)[number]) => median(scores.map((run) => run[id]));
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
        performance: medianOf("performance"),
        runs: scores.map((run) => run.performance).join(", "),
        accessibility: medianOf("accessibility"),
        bestPractices: medianOf("bestPractices"),
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

/**
 * `npm run test:app` (so `npm test`): builds the app into a temporary folder and fails when `/` loads
 * more than HOME_JS_BUDGET_KB of JS (gzip), measured like `npm run bench` does.
 */
import { rmSync } from "node:fs";
import { HOME_JS_BUDGET_KB, buildApp, measureRoutes } from "./frontend.ts";

const outDir = buildApp();
try {
  const home = measureRoutes(outDir).find((row) => row.route === "/")!;
  console.log(`front-end budget: / loads ${home.jsKb} kB of JS, gzip (budget ${HOME_JS_BUDGET_KB} kB)`);
  if (home.jsKb > HOME_JS_BUDGET_KB) {
    const over = Math.round((home.jsKb - HOME_JS_BUDGET_KB) * 10) / 10;
    console.error(`over the budget by ${over} kB: see docs/performance.md for where the bytes go`);
    process.exitCode = 1;
  }
} finally {
  rmSync(outDir, { recursive: true, force: true });
}

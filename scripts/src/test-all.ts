/**
 * `npm test`: every check and suite in turn, each timed. A failing step does not stop the others; the
 * run fails if any did. The times are written to .data/test-times.json for `npm run bench`.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./env.ts";
import { requireSystem } from "./check-system.ts";
import { rerunOnNode24 } from "./node24.ts";

export const STEPS = [
  ["lint", "npm run lint"],
  ["typecheck", "npm run typecheck"],
  ["contracts", "npm run test:contracts"],
  ["app", "npm run test:app"],
  ["server", "npm run test:server"],
  ["indexer", "npm run test:indexer"],
  ["e2e", "npm run test:e2e"],
  // docs/launch.md followed step by step on the BSC-shaped chain, then the @rehearsal journeys
  ["rehearsal", "npm run rehearse -- bsc"],
] as const;

// On an older system Node, the whole run again on Node 24.
rerunOnNode24(import.meta.url);

// Chromium and a CJK font first (installed when possible), so no browser suite is skipped for want of them.
// The server step starts its own throwaway PostgreSQL for its second pass (scripts/src/with-postgres.ts).
requireSystem();

const results = STEPS.map(([name, command]) => {
  const started = Date.now();
  console.log(`\n=== ${name}: ${command}`);
  const { status } = spawnSync(command, { cwd: REPO_ROOT, shell: true, stdio: "inherit" });
  return { name, ok: status === 0, seconds: Math.round((Date.now() - started) / 100) / 10 };
});

console.log("\nstep        result  seconds");
for (const { name, ok, seconds } of results) {
  console.log(`${name.padEnd(12)}${(ok ? "ok" : "FAILED").padEnd(8)}${seconds}`);
}
mkdirSync(join(REPO_ROOT, ".data"), { recursive: true });
writeFileSync(join(REPO_ROOT, ".data", "test-times.json"), `${JSON.stringify(results, null, 2)}\n`);
const failed = results.filter((result) => !result.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;

/**
 * `npm run mutation -- server|app|contracts [module ...]`: mutation testing of the money code, one module at a
 * time. Server and app: Stryker with its vitest runner (one test runner, so it stays off other work), the
 * module's mutants against its own tests. Contracts: named mutations of the money functions against forge tests
 * (contracts.ts). Each target's results go to .data/mutation/mutation-<target>.json, which
 * `npm run bench -- mutation` prints. Not part of `npm test`: a full run takes tens of minutes.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../env.ts";
import { MODULES, type Module, type Workspace } from "./modules.ts";
import { runContractMutations } from "./contracts.ts";
import { rerunOnNode24 } from "../node24.ts";
import { type ModuleScore, scoreOf, survivorsOf, MUTATION_RESULTS } from "./scores.ts";

rerunOnNode24(import.meta.url, process.argv.slice(2)); // Stryker needs Node 22 or later
const [target, ...names] = process.argv.slice(2);
if (target === "contracts") {
  process.exitCode = runContractMutations(names) ? 0 : 1;
} else if (target === "server" || target === "app") {
  process.exitCode = runWorkspace(target, names) ? 0 : 1;
} else {
  throw new Error("usage: npm run mutation -- server|app|contracts [module ...]");
}

/** Runs Stryker on each module asked for (none: all); true when each killed 80% or more of its mutants. */
function runWorkspace(workspace: Workspace, asked: string[]): boolean {
  const modules = MODULES[workspace].filter((m) => asked.length === 0 || asked.includes(m.name));
  const unknown = asked.filter((name) => !MODULES[workspace].some((m) => m.name === name));
  if (unknown.length > 0) {
    throw new Error(
      `unknown ${workspace} module ${unknown.join(", ")}; pick from ${MODULES[workspace].map((m) => m.name).join(", ")}`,
    );
  }
  mkdirSync(MUTATION_RESULTS, { recursive: true });
  const file = join(MUTATION_RESULTS, `mutation-${workspace}.json`);
  const kept: Record<string, ModuleScore> = existsSync(file)
    ? JSON.parse(readFileSync(file, "utf8")).modules
    : {};
  for (const module of modules) {
    kept[module.name] = runStryker(workspace, module);
    writeFileSync(file, `${JSON.stringify({ workspace, modules: kept }, null, 2)}\n`);
  }
  console.table(
    Object.entries(kept).map(([name, s]) => ({ module: name, ...s, survivors: s.survivors.length })),
  );
  for (const [name, s] of Object.entries(kept)) {
    for (const survivor of s.survivors) console.log(`${name}: survived ${survivor}`);
  }
  return modules.every((m) => kept[m.name]!.score >= 80);
}

function runStryker(workspace: Workspace, module: Module): ModuleScore {
  const dir = join(REPO_ROOT, workspace);
  const report = join(MUTATION_RESULTS, `stryker-${workspace}-${module.name}.json`);
  const config = join(dir, ".stryker-tmp", `stryker.${module.name}.json`);
  mkdirSync(join(dir, ".stryker-tmp"), { recursive: true });
  writeFileSync(
    config,
    JSON.stringify({
      testRunner: "vitest",
      plugins: ["@stryker-mutator/vitest-runner"],
      vitest: { related: false },
      mutate: module.mutate,
      testFiles: module.tests,
      coverageAnalysis: "perTest",
      concurrency: 1,
      reporters: ["clear-text", "progress-append-only", "json"],
      jsonReporter: { fileName: report },
      clearTextReporter: { allowEmojis: false, logTests: false },
      tempDirName: ".stryker-tmp",
      cleanTempDir: "always",
      // A mutant is only "timed out" (counted as killed, its runner restarted) past 30 s more than its
      // tests took unmutated: a busy shared machine stretches a run by seconds, and a test a mutant leaves
      // waiting fails by vitest's own testTimeout instead.
      timeoutMS: 30_000,
      timeoutFactor: 3,
      ignoreStatic: true,
      // a rerun tests again only the mutants whose code or covering tests changed (after a test is added)
      incremental: true,
      incrementalFile: join(MUTATION_RESULTS, `stryker-incremental-${workspace}-${module.name}.json`),
    }),
  );
  console.log(
    `\n${workspace}/${module.name}: Stryker on ${module.mutate.join(", ")} (tests: ${module.tests.join(", ")})`,
  );
  const run = spawnSync("npx", ["stryker", "run", config], { cwd: dir, stdio: "inherit" });
  rmSync(config, { force: true });
  if (run.status !== 0) throw new Error(`Stryker failed on ${workspace}/${module.name} (exit ${run.status})`);
  const mutants = JSON.parse(readFileSync(report, "utf8"));
  return { ...scoreOf(mutants), survivors: survivorsOf(mutants), at: new Date().toISOString() };
}

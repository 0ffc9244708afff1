/**
 * Mutation scores: from Stryker's JSON report (mutation-testing-report-schema) and the contract mutations' table,
 * kept per machine in .data/mutation for `npm run bench -- mutation`.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../env.ts";
import type { ContractRecord } from "./contracts.ts";

export const MUTATION_RESULTS = join(REPO_ROOT, ".data", "mutation");

export type ModuleScore = {
  killed: number;
  survived: number;
  noCoverage: number;
  timeout: number;
  /** killed (and timed out) of the mutants that compile, in percent */
  score: number;
  survivors: string[];
  at: string;
};

type Mutant = {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number } };
};
type Report = { files: Record<string, { mutants: Mutant[] }> };

function mutantsOf(report: Report): (Mutant & { file: string })[] {
  return Object.entries(report.files).flatMap(([file, f]) => f.mutants.map((m) => ({ ...m, file })));
}

export function scoreOf(report: Report): Omit<ModuleScore, "survivors" | "at"> {
  const count = (status: string) => mutantsOf(report).filter((m) => m.status === status).length;
  const killed = count("Killed");
  const timeout = count("Timeout");
  const survived = count("Survived");
  const noCoverage = count("NoCoverage");
  const valid = killed + timeout + survived + noCoverage;
  return {
    killed,
    survived,
    noCoverage,
    timeout,
    score: valid === 0 ? 100 : Math.round(((killed + timeout) / valid) * 1000) / 10,
  };
}

/** "file:line:column Mutator -> replacement" of each mutant that no test killed. */
export function survivorsOf(report: Report): string[] {
  return mutantsOf(report)
    .filter((m) => m.status === "Survived" || m.status === "NoCoverage")
    .map(
      (m) =>
        `${m.file}:${m.location.start.line}:${m.location.start.column} ${m.mutatorName}` +
        (m.replacement ? ` -> ${m.replacement.replace(/\s+/g, " ").slice(0, 80)}` : "") +
        (m.status === "NoCoverage" ? " (no test reaches it)" : ""),
    );
}

/** Prints the kept scores of each mutation target (or how to get them) and returns them. */
export function printMutationScores(): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const target of ["server", "app", "contracts"]) {
    const file = join(MUTATION_RESULTS, `mutation-${target}.json`);
    if (!existsSync(file)) {
      console.log(`  ${target}: no record yet: run npm run mutation -- ${target}`);
      continue;
    }
    const record = JSON.parse(readFileSync(file, "utf8"));
    kept[target] = record;
    if (target === "contracts") {
      const notRun = record.defined - record.total;
      console.log(
        `  contracts: ${record.killed} of ${record.total} named mutations killed${notRun > 0 ? `, ${notRun} not run yet` : ""} (${record.at})`,
      );
      const mutations = record.mutations as ContractRecord["mutations"];
      console.table(
        Object.entries(mutations).map(([mutation, m]) => ({
          mutation,
          outcome: m.outcome,
          killedBy: m.killedBy?.join(" ") ?? "",
        })),
      );
      continue;
    }
    console.table(
      Object.entries(record.modules as Record<string, ModuleScore>).map(([module, s]) => ({
        target,
        module,
        mutants: s.killed + s.timeout + s.survived + s.noCoverage,
        killed: s.killed,
        timeout: s.timeout,
        survived: s.survived,
        noCoverage: s.noCoverage,
        score: s.score,
        at: s.at,
      })),
    );
  }
  return kept;
}

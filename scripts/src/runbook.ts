/**
 * docs/launch.md as data: its numbered steps, each a `### N. Title` heading followed by a marker
 * `<!-- step: <id>; env: <VARIABLE ...>; optional: <VARIABLE ...> -->` naming the step and the variables it
 * uses (required and optional), and the text up to the next heading. The rehearsal runs the steps in this order
 * and checks what it ran against them (./rehearsal/runbook.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "./env.ts";

export const RUNBOOK = join(REPO_ROOT, "docs", "launch.md");

export type RunbookStep = {
  number: number;
  id: string;
  title: string;
  /** variables the step sets */
  env: string[];
  /** variables the step may set */
  optional: string[];
  /** the step's text, marker excluded */
  text: string;
};

const HEADING = /^### (\d+)\. (.+)$/;
const MARKER = /^<!-- step: ([a-z-]+)((?:; (?:env|optional): [A-Z0-9_ ]+)*) -->$/;

/** The steps of `markdown` in order; throws on a numbered heading without its marker or out of sequence. */
export function parseRunbook(markdown: string): RunbookStep[] {
  const lines = markdown.split("\n");
  const steps: RunbookStep[] = [];
  lines.forEach((line, index) => {
    const heading = HEADING.exec(line);
    if (!heading) return;
    const number = Number(heading[1]);
    if (number !== steps.length + 1)
      throw new Error(`launch.md: step "${heading[2]}" is numbered ${number}, expected ${steps.length + 1}`);
    const markerLine = lines.slice(index + 1).find((l) => l.trim() !== "") ?? "";
    const marker = MARKER.exec(markerLine.trim());
    if (!marker) throw new Error(`launch.md: step ${number} has no "<!-- step: id; env: ... -->" marker`);
    const lists: Record<string, string[]> = { env: [], optional: [] };
    for (const part of marker[2]!.split("; ").filter(Boolean)) {
      const [key, names] = part.split(": ") as [string, string];
      lists[key] = names.trim().split(/\s+/);
    }
    const end = lines.findIndex((l, i) => i > index && /^#{1,3} /.test(l));
    const text = lines
      .slice(index + 1, end === -1 ? undefined : end)
      .filter((l) => l.trim() !== markerLine.trim())
      .join("\n");
    steps.push({
      number,
      id: marker[1]!,
      title: heading[2]!,
      env: lists.env!,
      optional: lists.optional!,
      text,
    });
  });
  if (steps.length === 0) throw new Error("launch.md has no numbered steps");
  const ids = steps.map((s) => s.id);
  const repeated = ids.find((id, i) => ids.indexOf(id) !== i);
  if (repeated) throw new Error(`launch.md: step id "${repeated}" is used twice`);
  return steps;
}

export function readRunbook(path = RUNBOOK): RunbookStep[] {
  return parseRunbook(readFileSync(path, "utf8"));
}

/**
 * The steps of the page not among the rehearsal's `ids`, and the ids the page does not have, as messages: checked
 * on the rehearsal's steps before it starts, and on those it ran at the end.
 */
export function unmatchedSteps(steps: RunbookStep[], ids: string[]): string[] {
  return [
    ...steps
      .filter((step) => !ids.includes(step.id))
      .map((step) => `step ${step.number} "${step.id}" of launch.md has no rehearsal`),
    ...ids
      .filter((id) => !steps.some((step) => step.id === id))
      .map((id) => `the rehearsal has "${id}", which launch.md does not have`),
  ];
}

/** What a rehearsal of one step did: the commands it ran (`npm run x -- y`) and every variable it set for them. */
export type StepRecord = { commands: string[]; env: string[] };

/**
 * The differences between what the runbook says and what a rehearsal did, as messages (none: it followed the
 * page): a step run but not documented or documented but not run, out of order, a command the step's text
 * does not show, a variable set but not named by the step, or a required one not set.
 */
export function compareWithRunbook(steps: RunbookStep[], ran: [string, StepRecord][]): string[] {
  const ranIds = ran.map(([id]) => id);
  const problems = unmatchedSteps(steps, ranIds);
  const documentedOrder = steps.map((s) => s.id).filter((id) => ranIds.includes(id));
  const ranOrder = ranIds.filter((id) => documentedOrder.includes(id));
  if (problems.length === 0 && documentedOrder.join() !== ranOrder.join())
    problems.push(
      `the rehearsal ran ${ranOrder.join(", ")}; launch.md's order is ${documentedOrder.join(", ")}`,
    );
  for (const [id, record] of ran) {
    const step = steps.find((s) => s.id === id);
    if (!step) continue;
    for (const command of record.commands) {
      if (!step.text.includes(command))
        problems.push(
          `step ${step.number} "${id}": the rehearsal ran \`${command}\`, which the step does not show`,
        );
    }
    for (const name of record.env) {
      if (!step.env.includes(name) && !step.optional.includes(name))
        problems.push(`step ${step.number} "${id}": the rehearsal set ${name}, which the step does not name`);
    }
    for (const name of step.env) {
      if (!record.env.includes(name))
        problems.push(`step ${step.number} "${id}" names ${name}, which the rehearsal did not set`);
    }
  }
  return problems;
}

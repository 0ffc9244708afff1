/**
 * The Node the test command runs on: 24, the LTS the project is tested on. On an older system Node,
 * `npm test` installs Node 24 from the npm registry's `node` package into `.data/node24` (once, about
 * 40 s) and runs itself again on it, saying so, as it installs Chromium (check-system.ts).
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "./env.ts";

export const TESTED_NODE = 24;
/** Pinned, like every other dependency. */
export const NODE_PACKAGE = "node@24.21.0";
const PREFIX = join(REPO_ROOT, ".data", "node24");
export const NODE_24 = join(PREFIX, "node_modules", "node", "bin", "node");

export function major(version: string): number {
  return Number(version.replace(/^v/, "").split(".")[0]);
}

/**
 * Whether Node `version` is in an `engines` range: alternatives joined by `||`, each `^M.m.p` (that major,
 * that release or later) or `>=M.m.p`, the forms package.json uses.
 */
export function meetsEngines(version: string, range: string): boolean {
  const release = (text: string) => {
    const [major = 0, minor = 0, patch = 0] = text.replace(/^v/, "").split(".").map(Number);
    return [major, minor, patch] as const;
  };
  const have = release(version);
  return range.split("||").some((alternative) => {
    const match = /^\s*(\^|>=)\s*(\d+(?:\.\d+){0,2})\s*$/.exec(alternative);
    if (!match) throw new Error(`engines range not understood: ${alternative.trim()}`);
    const want = release(match[2]!);
    const order = have.map((part, i) => part - want[i]!).find((difference) => difference !== 0) ?? 0;
    return order >= 0 && (match[1] === ">=" || have[0] === want[0]);
  });
}

/**
 * A Node 24 binary for the tests, installed when missing; undefined when this process runs on Node 24 or
 * later already.
 */
export function requireNode24(
  current = process.version,
  log: (line: string) => void = console.log,
  installed: () => boolean = () => existsSync(NODE_24),
): string | undefined {
  if (major(current) >= TESTED_NODE) return undefined;
  if (!installed()) {
    log(
      `The tests run on Node ${TESTED_NODE}; this system's Node is ${current}: installing ${NODE_PACKAGE} ` +
        `from the npm registry into .data/node24 (once).`,
    );
    const install = spawnSync(
      "npm",
      [
        "install",
        "--prefix",
        PREFIX,
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        NODE_PACKAGE,
      ],
      { stdio: "inherit" },
    );
    if (install.status !== 0 || !existsSync(NODE_24)) {
      throw new Error(
        `could not install ${NODE_PACKAGE}: install Node ${TESTED_NODE} (nodejs.org, nvm, fnm)`,
      );
    }
  }
  log(
    `Running the tests on Node ${NODE_PACKAGE.split("@")[1]} from .data/node24 (this system's Node is ${current}).`,
  );
  return NODE_24;
}

/**
 * On an older Node, runs the script at `scriptUrl` again with `args` on Node 24 and exits with its status: every
 * npm, tsx and vitest it starts finds that `node` first on PATH. On Node 24 or later, returns at once.
 */
export function rerunOnNode24(scriptUrl: string, args: readonly string[] = []): void {
  const node24 = requireNode24();
  if (!node24) return;
  const again = spawnSync(node24, ["--import", "tsx", fileURLToPath(scriptUrl), ...args], {
    cwd: REPO_ROOT,
    stdio: "inherit",
    env: { ...process.env, PATH: `${dirname(node24)}${delimiter}${process.env.PATH ?? ""}` },
  });
  process.exit(again.status ?? 1);
}

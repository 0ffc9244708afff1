/**
 * The system packages that `npm test` and `npm run bench` need beyond npm: Chromium for the browser
 * suites and Lighthouse, a CJK font so that Chinese renders in screenshots instead of boxes, and
 * PostgreSQL's server programs for the server suite's second pass.
 *
 * `ensureSystem()` installs what is missing with apt when it can without a prompt (root or passwordless
 * sudo on Debian or Ubuntu), saying what and why; otherwise it stops with the command for this system.
 * It never skips the browser suites. `ensurePostgres()` installs PostgreSQL the same way; without it the
 * PostgreSQL tests are skipped, each with its reason, except under `CI=true`, where it stops the run.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { pathToFileURL } from "node:url";

/** Where Chromium lives when installed by each system's package manager (Debian, Fedora, macOS). */
const DEBIAN_CHROMIUM = "/usr/bin/chromium";
export const CHROMIUM_CANDIDATES = [
  DEBIAN_CHROMIUM,
  "/usr/bin/chromium-browser",
  "/Applications/Chromium.app/Contents/MacOS/Chromium",
];

/** `CHROMIUM_PATH` when it exists, else the first installed candidate, else Debian's path. */
export function chromiumPath(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  const configured = env.CHROMIUM_PATH;
  if (configured && exists(configured)) return configured;
  return CHROMIUM_CANDIDATES.find((path) => exists(path)) ?? configured ?? DEBIAN_CHROMIUM;
}

export type Family = "debian" | "fedora" | "macos" | "other";

export type Host = {
  platform: NodeJS.Platform;
  /** /etc/os-release, or "" where there is none */
  osRelease: string;
  env: NodeJS.ProcessEnv;
  isRoot: boolean;
  exists: (path: string) => boolean;
  /** the names in a folder, or [] where there is none */
  list: (path: string) => string[];
  /** whether `sudo` runs without asking for a password */
  sudoWithoutPrompt: () => boolean;
  hasCjkFont: () => boolean;
  /** runs a command with inherited output; its exit status */
  run: (command: string, args: string[]) => number;
  log: (line: string) => void;
};

export function family(platform: NodeJS.Platform, osRelease: string): Family {
  if (platform === "darwin") return "macos";
  const ids = /^(?:ID|ID_LIKE)=(.*)$/gm;
  const words = [...osRelease.matchAll(ids)].flatMap((match) =>
    (match[1] ?? "").replace(/"/g, "").split(/\s+/),
  );
  if (words.some((word) => word === "debian" || word === "ubuntu")) return "debian";
  if (words.some((word) => word === "fedora" || word === "rhel")) return "fedora";
  return "other";
}

type Need = { what: string; why: string; packages: Record<Exclude<Family, "other">, string> };

const CHROMIUM: Need = {
  what: "Chromium",
  why: "the browser journeys (Playwright) and Lighthouse run in it",
  packages: { debian: "chromium", fedora: "chromium", macos: "--cask chromium" },
};
const CJK_FONT: Need = {
  what: "a CJK font",
  why: "the app's default language is Chinese; without one it renders as boxes in screenshots",
  packages: {
    debian: "fonts-noto-cjk",
    fedora: "google-noto-sans-cjk-fonts",
    macos: "--cask font-noto-sans-cjk",
  },
};

const POSTGRESQL: Need = {
  what: "PostgreSQL",
  why: "the server suite runs a second time on a throwaway PostgreSQL server, where requests really run at once",
  packages: { debian: "postgresql", fedora: "postgresql-server", macos: "postgresql@17" },
};

/** The command a person runs on this system to install `needs`. */
export function installCommand(kind: Family, needs: Need[]): string {
  if (kind === "other")
    return `install ${needs.map((need) => need.what).join(" and ")} with your package manager`;
  const packages = needs.map((need) => need.packages[kind]);
  if (kind === "debian") return `sudo apt-get update && sudo apt-get install -y ${packages.join(" ")}`;
  if (kind === "fedora") return `sudo dnf install -y ${packages.join(" ")}`;
  return needs.map((need) => `brew install ${need.packages.macos}`).join(" && ");
}

export class SystemCheckError extends Error {}

/**
 * Makes sure Chromium and a CJK font are there; returns the Chromium to use. `SYSTEM_INSTALL=0` forbids
 * installing (then it only tells).
 */
export function ensureSystem(host: Host): { chromium: string } {
  const kind = family(host.platform, host.osRelease);
  const missing = (): Need[] => [
    ...(host.exists(chromiumPath(host.env, host.exists)) ? [] : [CHROMIUM]),
    // macOS ships CJK fonts (and no fc-list)
    ...(kind === "macos" || host.hasCjkFont() ? [] : [CJK_FONT]),
  ];
  const needs = missing();
  if (needs.length === 0) return { chromium: chromiumPath(host.env, host.exists) };

  if (!mayInstall(host, kind)) {
    const lines = [
      `npm test needs ${needs.map((need) => `${need.what} (${need.why})`).join(" and ")}.`,
      `Install with:  ${installCommand(kind, needs)}`,
    ];
    if (needs.includes(CHROMIUM)) {
      const configured = host.env.CHROMIUM_PATH;
      if (configured) lines.push(`CHROMIUM_PATH=${configured} does not exist.`);
      lines.push("Or set CHROMIUM_PATH to a Chromium binary.");
    }
    throw new SystemCheckError(lines.join("\n"));
  }

  aptInstall(host, needs);
  const still = missing();
  if (still.length > 0) {
    throw new SystemCheckError(
      `after installing, still missing: ${still.map((need) => need.what).join(", ")}`,
    );
  }
  return { chromium: chromiumPath(host.env, host.exists) };
}

/** Whether `ensure...` may install: Debian or Ubuntu, root or passwordless sudo, and not `SYSTEM_INSTALL=0`. */
function mayInstall(host: Host, kind: Family): boolean {
  return (
    kind === "debian" &&
    host.platform === "linux" &&
    host.env.SYSTEM_INSTALL !== "0" &&
    (host.isRoot || host.sudoWithoutPrompt())
  );
}

function aptInstall(host: Host, needs: Need[]): void {
  const packages = needs.map((need) => need.packages.debian);
  for (const need of needs) host.log(`Installing ${need.what} (${need.packages.debian}): ${need.why}.`);
  const apt = (...args: string[]) =>
    host.isRoot ? host.run("apt-get", args) : host.run("sudo", ["-n", "apt-get", ...args]);
  if (
    apt("update", "-qq") !== 0 ||
    apt("install", "-y", "-qq", "--no-install-recommends", ...packages) !== 0
  ) {
    throw new SystemCheckError(`apt-get could not install ${packages.join(" ")}; run it yourself and retry.`);
  }
}

/** Debian keeps each major version's programs in /usr/lib/postgresql/<version>/bin. */
const DEBIAN_POSTGRESQL = "/usr/lib/postgresql";

/**
 * The folder with PostgreSQL's server programs (`initdb`, `pg_ctl`): `POSTGRES_BIN`, else Debian's newest
 * version, else the first folder of `PATH` that has them; null when none has.
 */
export function postgresBin(host: Pick<Host, "env" | "exists" | "list">): string | null {
  const debian = host
    .list(DEBIAN_POSTGRESQL)
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(DEBIAN_POSTGRESQL, version, "bin"));
  const candidates = [host.env.POSTGRES_BIN, ...debian, ...(host.env.PATH ?? "").split(delimiter)];
  return (
    candidates.find(
      (dir): dir is string => !!dir && host.exists(join(dir, "initdb")) && host.exists(join(dir, "pg_ctl")),
    ) ?? null
  );
}

/**
 * PostgreSQL's programs for the server suite's second pass: their folder, installed with apt when missing
 * and possible (as `ensureSystem` does); else why there are none, and the PostgreSQL tests are skipped.
 * Under `CI=true` a missing PostgreSQL is a `SystemCheckError`: CI never skips those tests.
 */
export function ensurePostgres(host: Host): { bin: string } | { missing: string } {
  const found = postgresBin(host);
  if (found) return { bin: found };
  const kind = family(host.platform, host.osRelease);
  if (mayInstall(host, kind)) {
    aptInstall(host, [POSTGRESQL]);
    const installed = postgresBin(host);
    if (installed) return { bin: installed };
  }
  const missing =
    `no PostgreSQL server programs (initdb, pg_ctl) found: ${POSTGRESQL.why}. ` +
    `Install with:  ${installCommand(kind, [POSTGRESQL])}  (or set POSTGRES_BIN to their folder, ` +
    `or TEST_DATABASE_URL to a server of yours).`;
  if (host.env.CI === "true") throw new SystemCheckError(`CI=true: ${missing}`);
  return { missing };
}

/** This machine, for `ensureSystem`. */
export function thisHost(): Host {
  const quiet = (command: string, args: string[]) =>
    spawnSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] });
  return {
    platform: process.platform,
    osRelease: existsSync("/etc/os-release") ? readFileSync("/etc/os-release", "utf8") : "",
    env: process.env,
    isRoot: process.getuid?.() === 0,
    exists: existsSync,
    list: (path) => (existsSync(path) ? readdirSync(path) : []),
    sudoWithoutPrompt: () => quiet("sudo", ["-n", "true"]).status === 0,
    hasCjkFont: () => (quiet("fc-list", [":lang=zh", "family"]).stdout ?? "").trim() !== "",
    run: (command, args) =>
      spawnSync(command, args, {
        stdio: "inherit",
        env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
      }).status ?? 1,
    log: (line) => console.log(line),
  };
}

/**
 * For a command that needs the system packages: ensures them and points `CHROMIUM_PATH` (inherited by
 * child processes) at the Chromium found; on failure prints why and exits.
 */
export function requireSystem(): void {
  try {
    process.env.CHROMIUM_PATH = ensureSystem(thisHost()).chromium;
  } catch (error) {
    if (!(error instanceof SystemCheckError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) requireSystem();

/**
 * `npm ci` on any developer's laptop: Foundry's forge and anvil come from the platform packages npm has
 * (Linux and macOS, x64 and arm64), each optional and marked with its os and cpu in the lockfile, so npm
 * installs the one for the machine and skips the others; a platform package that were a plain
 * (dev)dependency would fail `npm ci` everywhere else with EBADPLATFORM.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./env.ts";
import { toolPath } from "./processes.ts";

type LockEntry = { version?: string; optional?: boolean; dev?: boolean; os?: string[]; cpu?: string[] };
const lock = JSON.parse(readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8")) as {
  packages: Record<string, LockEntry>;
};
const contracts = JSON.parse(readFileSync(join(REPO_ROOT, "contracts", "package.json"), "utf8")) as Record<
  string,
  Record<string, string> | undefined
>;

/** npm's names for the systems (process.platform, process.arch) and Foundry's in its package names. */
const SYSTEMS = [
  { os: "linux", cpu: "x64", foundry: "linux-amd64" },
  { os: "linux", cpu: "arm64", foundry: "linux-arm64" },
  { os: "darwin", cpu: "x64", foundry: "darwin-amd64" },
  { os: "darwin", cpu: "arm64", foundry: "darwin-arm64" },
];

describe("Foundry on Linux and macOS, x64 and arm64", () => {
  for (const tool of ["forge", "anvil"]) {
    it(`${tool}: one optional package per system, for that system only`, () => {
      for (const system of SYSTEMS) {
        const name = `@foundry-rs/${tool}-${system.foundry}`;
        expect(contracts.optionalDependencies?.[name], name).toBe("1.7.1");
        expect(contracts.devDependencies?.[name], name).toBeUndefined();
        expect(contracts.dependencies?.[name], name).toBeUndefined();
        const entry = lock.packages[`node_modules/${name}`];
        expect(entry, name).toMatchObject({
          version: "1.7.1",
          optional: true,
          os: [system.os],
          cpu: [system.cpu],
        });
        expect(entry?.dev, name).toBeUndefined();
      }
    });
  }

  it("this machine got its own package, and the stack runs that pinned binary", () => {
    const system = SYSTEMS.find((s) => s.os === process.platform && s.cpu === process.arch);
    expect(system, `${process.platform} ${process.arch} is not a tested system`).toBeDefined();
    for (const tool of ["forge", "anvil"]) {
      expect(
        existsSync(join(REPO_ROOT, "node_modules", "@foundry-rs", `${tool}-${system!.foundry}`, "bin", tool)),
      ).toBe(true);
      expect(toolPath(tool)).toBe(join(REPO_ROOT, "node_modules", ".bin", tool));
    }
    // a command npm did not install is looked up on PATH (Foundry from foundryup)
    expect(toolPath("cast")).toBe("cast");
  });
});

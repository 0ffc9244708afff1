/**
 * `npm run dev` leaves nothing running once it ends: closing its terminal (SIGHUP) and killing it with
 * SIGKILL, which it cannot catch, both free every port it opened and end every process it started.
 */
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { REPO_ROOT } from "./env.ts";
import { freePort, isPortOpen } from "./processes.ts";

/**
 * Ports of this run's own, so a developer's `npm run dev` on the default ones, and this suite in another
 * checkout on the machine, are left alone.
 */
const PORTS = {
  CHAIN_PORT: await freePort(),
  API_PORT: await freePort(),
  APP_PORT: await freePort(),
  INDEXER_PORT: await freePort(),
};

/** Whether processes can be listed with their environment (/proc, Linux); elsewhere the ports alone are checked. */
const PROC = existsSync("/proc/self/environ");

/** Processes whose environment carries `marker`: every descendant of the dev process inherits it. */
function processesWith(marker: string): number[] {
  if (!PROC) return [];
  return readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, "latin1").includes(marker);
      } catch {
        return false; // gone, or not ours
      }
    })
    .map(Number);
}

async function openPorts(): Promise<number[]> {
  const ports = Object.values(PORTS);
  const open = await Promise.all(ports.map((port) => isPortOpen(port)));
  return ports.filter((_, i) => open[i]);
}

/** Starts the dev process (what `npm run dev` runs) and resolves once it says everything is running. */
async function startDev() {
  const marker = `dev-test-${randomUUID()}`;
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/src/dev.ts"], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...Object.fromEntries(Object.entries(PORTS).map(([name, port]) => [name, String(port)])),
      DEV_STATE_DIR: mkdtempSync(join(tmpdir(), "dev-state-")),
      DEV_TEST_MARKER: marker,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  await new Promise<void>((resolve, reject) => {
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Taichi is running")) resolve();
    });
    child.once("exit", (code) =>
      reject(new Error(`npm run dev exited (${code}) before running:\n${output}`)),
    );
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return { child, marker, exited };
}

/** Polls until every port is free and no process of the run is left; answers what is left at the deadline. */
async function leftAfter(marker: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = { ports: await openPorts(), processes: processesWith(marker) };
    if ((left.ports.length === 0 && left.processes.length === 0) || Date.now() > deadline) return left;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("npm run dev stops everything it started", () => {
  for (const signal of ["SIGHUP", "SIGKILL"] as const) {
    it(`when it gets ${signal}`, { timeout: 420_000 }, async () => {
      expect(await openPorts()).toEqual([]);
      const dev = await startDev();
      // running: the chain, the API, the app and the indexer listen, the keeper runs beside them
      expect(await openPorts()).toEqual(Object.values(PORTS));
      if (PROC) expect(processesWith(dev.marker).length).toBeGreaterThan(5);

      dev.child.kill(signal);
      await dev.exited;
      expect(await leftAfter(dev.marker)).toEqual({ ports: [], processes: [] });
    });
  }
});

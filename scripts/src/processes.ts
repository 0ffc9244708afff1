import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { join } from "node:path";
import { REPO_ROOT } from "./env.ts";

export type Service = { name: string; child: ChildProcess; exited: Promise<number | null> };

const COLORS: Record<string, string> = { chain: "33", api: "36", app: "35", indexer: "32" };

/**
 * A command of the project's own `node_modules/.bin` (pinned versions: Foundry's forge and anvil from
 * the platform packages on Linux and macOS), else the one on PATH (e.g. Foundry from foundryup, on a
 * platform npm has no Foundry package for).
 */
export function toolPath(command: string): string {
  const local = join(REPO_ROOT, "node_modules", ".bin", command);
  return existsSync(local) ? local : command;
}

const TETHER = join(REPO_ROOT, "scripts", "src", "tether.mjs");

/**
 * Starts a long-running process in its own process group, its output prefixed with its name. It runs
 * tethered (`tether.mjs`): it stops when this process exits, however this process exits.
 */
export function startService(
  name: string,
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; quiet?: boolean } = {},
): Service {
  const child = spawn(process.execPath, [TETHER, toolPath(command), ...args], {
    cwd: options.cwd ?? REPO_ROOT,
    env: { ...process.env, ...options.env },
    detached: true,
    // stdin: the tether's pipe, never written to; it closes when this process exits
    stdio: ["pipe", "pipe", "pipe"],
  });
  const prefix = `\x1b[${COLORS[name] ?? "37"}m[${name}]\x1b[0m `;
  const forward = (stream: NodeJS.WritableStream) => (chunk: Buffer) => {
    if (options.quiet) return;
    for (const line of chunk.toString().split("\n")) if (line.trim()) stream.write(prefix + line + "\n");
  };
  child.stdout?.on("data", forward(process.stdout));
  child.stderr?.on("data", forward(process.stderr));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { name, child, exited };
}

export async function stopService(service: Service): Promise<void> {
  if (service.child.exitCode !== null || service.child.pid === undefined) return;
  try {
    process.kill(-service.child.pid, "SIGTERM");
  } catch {
    return; // already gone
  }
  const timer = setTimeout(() => {
    try {
      process.kill(-service.child.pid!, "SIGKILL");
    } catch {
      /* already gone */
    }
  }, 5000);
  await service.exited;
  clearTimeout(timer);
}

/**
 * Waits `ms`, or less when `signal` aborts: a long-running process's pause between rounds. Its abort listener
 * goes with the wait, so a loop of them adds none to the signal.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });
}

/** A port free on 127.0.0.1 right now (taken from a listener closed at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export function isPortOpen(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ port, host });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

/**
 * Polls until the port accepts connections; fails early if the service exits, or after the timeout (long:
 * on a busy 2-core machine the indexer's first start alone has taken over a minute).
 */
export async function waitForPort(service: Service, port: number, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void service.exited.then(() => (exited = true));
  while (!(await isPortOpen(port))) {
    if (exited) throw new Error(`${service.name} exited before listening on ${port}`);
    if (Date.now() > deadline)
      throw new Error(`${service.name} did not listen on ${port} within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

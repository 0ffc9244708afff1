/**
 * The processes as a server runs them (docs/operations.md, "Processes"): built by `npm run build`, started
 * on plain `node` from a folder that holds the built files and only what `npm ci --omit=dev` installs
 * (no tsx, no TypeScript sources of the workspaces, no dev dependencies).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createServer } from "node:http";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PROCESSES } from "./build.ts";
import { REPO_ROOT, devPrivateKey } from "./env.ts";
import { startLocalChain, type LocalChain } from "./localChain.ts";
import { freePort } from "./processes.ts";

/**
 * The packages a production install has: every lockfile entry not marked dev, at the top of node_modules
 * or of a workspace's own node_modules (nested ones come with their parents), linked into `root`.
 */
function linkProductionPackages(root: string): string[] {
  const lock = JSON.parse(readFileSync(join(REPO_ROOT, "package-lock.json"), "utf8")) as {
    packages: Record<string, { dev?: boolean; link?: boolean }>;
  };
  const linked: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    if (!/^([\w-]+\/)?node_modules\/(@[^/]+\/)?[^/]+$/.test(path) || entry.dev || entry.link) continue;
    // not installed here: an optional package for another system
    if (!existsSync(join(REPO_ROOT, path))) continue;
    mkdirSync(dirname(join(root, path)), { recursive: true });
    symlinkSync(join(REPO_ROOT, path), join(root, path), "dir");
    linked.push(path);
  }
  return linked;
}

/** `node <entry>` in `root` with only `env` (no NODE_OPTIONS, so nothing loads tsx); its output as lines. */
function startNode(root: string, entry: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ["--enable-source-maps", join(root, entry)], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => lines.push(line));
  }
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, lines, exited };
}

/** Polls `probe` until it answers true; fails early if the process exits, or after the timeout. */
async function until(
  probe: () => Promise<boolean> | boolean,
  running: { child: ChildProcess; lines: string[] },
  what: string,
  timeoutMs = 60_000,
) {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (running.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${what} did not happen:\n${running.lines.join("\n")}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe("production processes on plain node", () => {
  let root: string;

  beforeAll(() => {
    const build = spawnSync("npm", ["run", "build", "-w", "server", "-w", "scripts"], {
      cwd: REPO_ROOT,
      encoding: "utf8",
    });
    expect(build.status, build.stdout + build.stderr).toBe(0);
    root = mkdtempSync(join(tmpdir(), "taichi-production-"));
    for (const dist of ["server/dist", "scripts/dist"]) {
      cpSync(join(REPO_ROOT, dist), join(root, dist), { recursive: true });
    }
    const linked = linkProductionPackages(root);
    expect(linked).toContain("node_modules/fastify");
    // neither dev tools nor the workspaces' TypeScript sources: the bundles must carry what they need
    for (const absent of ["node_modules/vitest", "node_modules/eslint", "node_modules/@taichi/server"]) {
      expect(linked).not.toContain(absent);
    }
  }, 120_000);

  it("the API starts, answers /health and /ready, serves /metrics, and stops cleanly on SIGTERM", async () => {
    const port = await freePort();
    const api = startNode(root, PROCESSES.api.outfile, {
      API_PORT: String(port),
      DATABASE_URL: "memory://",
      // the tokens it checks payments in, given as a server without a deployment file is given them
      USDT_ADDRESS: "0x55d398326f99059fF775485246999027B3197955",
      ARB_ADDRESS: "0x000000000000000000000000000000000000dEaD",
    });
    try {
      const health = async () =>
        (await fetch(`http://127.0.0.1:${port}/health`).catch(() => null))?.status === 200;
      await until(health, api, "GET /health answering 200");
      const ready = await fetch(`http://127.0.0.1:${port}/ready`);
      expect([ready.status, await ready.json()]).toEqual([
        200,
        { code: 0, msg: "ok", data: { status: "ready" } },
      ]);
      const metrics = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
      expect(metrics).toMatch(
        /^taichi_api_request_duration_seconds_count\{route="\/ready",method="GET",status="200"\} 1$/m,
      );
      expect(metrics).toMatch(/^taichi_api_bulkhead_calls\{bulkhead="team",state="waiting"\} 0$/m);
    } finally {
      api.child.kill("SIGTERM");
    }
    expect(await api.exited).toBe(0);
    expect(api.lines.join("\n")).toContain("SIGTERM received, closing");
  }, 120_000);

  describe("the price keeper and the watcher, on a local chain", () => {
    let chain: LocalChain;
    beforeAll(async () => {
      chain = await startLocalChain(await freePort());
    }, 180_000);
    afterAll(async () => {
      await chain?.stop();
    });

    it("calls Staking on the chain of RPC_URL with the deployment file, and stops cleanly on SIGTERM", async () => {
      const deployments = join(root, "deployments");
      mkdirSync(deployments, { recursive: true });
      cpSync(join(chain.deploymentsDir, "31337.json"), join(deployments, "31337.json"));
      const keeper = startNode(root, PROCESSES.keeper.outfile, {
        RPC_URL: chain.rpcUrl,
        // as on a server: a key of its own (a funded account of this anvil's ten)
        KEEPER_PRIVATE_KEY: devPrivateKey(9),
      });
      try {
        await until(
          () => keeper.lines.some((line) => /^updatePrice|^no price oracle/.test(line)),
          keeper,
          "a first keeper round",
        );
        expect(keeper.lines[0]).toBe(
          `price keeper: Staking ${chain.deployment.contracts.Staking} on chain 31337`,
        );
        expect(keeper.lines.join("\n")).not.toContain("failed");
      } finally {
        keeper.child.kill("SIGTERM");
      }
      expect(await keeper.exited).toBe(0);
    }, 120_000);

    it("the watcher posts the deploy's Timelock batch to WATCH_WEBHOOK_URL, and stops cleanly on SIGTERM", async () => {
      const deployments = join(root, "deployments");
      mkdirSync(deployments, { recursive: true });
      cpSync(join(chain.deploymentsDir, "31337.json"), join(deployments, "31337.json"));
      const texts: string[] = [];
      const webhook = createServer((request, response) => {
        let body = "";
        request.on("data", (chunk: Buffer) => (body += chunk.toString()));
        request.on("end", () => {
          texts.push((JSON.parse(body) as { text: string }).text);
          response.end("ok");
        });
      });
      await new Promise<void>((resolve) => webhook.listen(0, "127.0.0.1", resolve));
      const watcher = startNode(root, PROCESSES.watcher.outfile, {
        RPC_URL: chain.rpcUrl,
        WATCH_WEBHOOK_URL: `http://127.0.0.1:${(webhook.address() as { port: number }).port}/`,
        WATCH_STATE_FILE: join(mkdtempSync(join(tmpdir(), "watcher-")), "state.json"),
      });
      try {
        await until(
          () => texts.some((text) => text.includes("Timelock.updateDelay(newDelay: 120)")),
          watcher,
          "the handover batch posted",
        );
      } finally {
        watcher.child.kill("SIGTERM");
        webhook.close();
      }
      expect(await watcher.exited).toBe(0);
    }, 120_000);
  });

  it("the example systemd units start what the build produces, restart it, and stop with taichi.target", () => {
    const unit = (file: string) => readFileSync(join(REPO_ROOT, "ops", "systemd", file), "utf8");
    const field = (text: string, key: string) =>
      [...text.matchAll(new RegExp(`^${key}=(.*)$`, "gm"))].map((match) => match[1]!);
    const RELEASE = "/opt/taichi/";
    expect(field(unit("taichi.target"), "Wants")).toEqual([
      "taichi-api.service taichi-indexer.service taichi-keeper.service taichi-watcher.service",
    ]);
    for (const [file, name] of [
      ["taichi-api.service", "api"],
      ["taichi-keeper.service", "keeper"],
      ["taichi-watcher.service", "watcher"],
    ] as const) {
      const text = unit(file);
      const [dir] = field(text, "WorkingDirectory");
      const [execStart] = field(text, "ExecStart");
      expect(execStart).toMatch(/^\/usr\/bin\/node --enable-source-maps /);
      expect(join(dir!.replace(RELEASE, ""), execStart!.split(" ").at(-1)!)).toBe(PROCESSES[name].outfile);
    }
    // the indexer: Ponder's own CLI with the arguments of `npm start -w indexer`
    const indexer = JSON.parse(readFileSync(join(REPO_ROOT, "indexer", "package.json"), "utf8")) as {
      scripts: Record<string, string>;
    };
    const startArgs = indexer.scripts
      .start!.replace(/\$\{(\w+):-([^}]+)\}/g, "$2")
      .replace(/^(.* )?ponder /, "");
    expect(field(unit("taichi-indexer.service"), "ExecStart")).toEqual([
      `${RELEASE}node_modules/.bin/ponder ${startArgs}`,
    ]);
    for (const file of [
      "taichi-api.service",
      "taichi-indexer.service",
      "taichi-keeper.service",
      "taichi-watcher.service",
    ]) {
      expect(field(unit(file), "PartOf"), file).toEqual(["taichi.target"]);
      expect(field(unit(file), "Restart"), file).toEqual(["always"]);
    }
  });
});

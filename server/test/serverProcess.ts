/**
 * The real API server as production starts it (`src/server.ts`: environment, migrations, listen, the
 * settlement job) in a child process of its own, driven over HTTP on 127.0.0.1: for tests that kill it.
 */
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";
import { createInterface } from "node:readline";
import type { PrivateKeyAccount } from "viem/accounts";
import { REPO_ROOT } from "../src/env.ts";
import { INVEST_PREFIX } from "../src/routes/invest/index.ts";
import { FORM } from "./helpers.ts";

const SERVER_DIR = path.join(REPO_ROOT, "server");

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

/** An answer of the API, or `null` when the connection failed (the server died before answering). */
export type Reply = { status: number; body: { code: number; msg: string; data: unknown } } | null;

export type ServerProcess = {
  /** `POST <prefix>/<name>` form-encoded, in English; `headers`: more of them (e.g. `x-forwarded-for`). */
  post(
    name: string,
    form?: Record<string, string>,
    token?: string,
    headers?: Record<string, string>,
  ): Promise<Reply>;
  /** Every log line (pino JSON) the process wrote so far. */
  logs: Array<Record<string, unknown>>;
  /** SIGKILL: no shutdown hook runs, open transactions die with the process. */
  kill(): Promise<void>;
  /** SIGTERM: the clean shutdown (closes the database). */
  stop(): Promise<void>;
};

/** Starts `src/server.ts` with `env` on a free port; resolves once it listens. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // `node --import tsx`, not the tsx CLI: one process, so a SIGKILL leaves no child behind.
  const child = spawn(process.execPath, ["--import", "tsx", "src/server.ts"], {
    cwd: SERVER_DIR,
    env: { ...process.env, LOG_LEVEL: "info", RATE_LIMIT_PER_MINUTE: "0", ...env, API_PORT: String(port) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const logs: Array<Record<string, unknown>> = [];
  let stderr = "";
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  const listening = new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout }).on("line", (line) => {
      try {
        const entry = JSON.parse(line) as Record<string, unknown>;
        logs.push(entry);
        if (typeof entry.msg === "string" && entry.msg.startsWith("Server listening")) resolve();
      } catch {
        // not a log line
      }
    });
    void exited.then(() => reject(new Error(`server exited before listening: ${stderr}`)));
  });
  await listening;

  const base = `http://127.0.0.1:${port}${INVEST_PREFIX}`;
  return {
    logs,
    async post(name, form = {}, token, headers = {}) {
      try {
        const res = await fetch(`${base}/${name}`, {
          method: "POST",
          headers: { "content-type": FORM, lang: "en", ...(token ? { token } : {}), ...headers },
          body: new URLSearchParams(form),
        });
        return { status: res.status, body: (await res.json()) as NonNullable<Reply>["body"] };
      } catch {
        return null;
      }
    },
    async kill() {
      child.kill("SIGKILL");
      await exited;
    },
    async stop() {
      child.kill("SIGTERM");
      await exited;
    },
  };
}

/** Signs in over HTTP (EIP-4361: `nonce`, sign, `login`); answers the login token. */
export async function signInOver(server: ServerProcess, account: PrivateKeyAccount): Promise<string> {
  const nonce = await server.post("nonce", { address: account.address });
  const { message } = nonce?.body.data as { message: string };
  const signature = await account.signMessage({ message });
  const login = await server.post("login", { message, signature });
  if (login?.body.code !== 0) throw new Error(`sign-in failed: ${JSON.stringify(login?.body)}`);
  return (login.body.data as { token: string }).token;
}

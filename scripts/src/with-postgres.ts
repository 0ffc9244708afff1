/**
 * `tsx scripts/src/with-postgres.ts <command...>`: runs the command with `TEST_DATABASE_URL` naming a
 * throwaway PostgreSQL server (a new cluster in a temporary folder, on a free 127.0.0.1 port, with a random
 * password), stopped and deleted when the command ends. `npm run test:server` runs the server suite this
 * way, so its second pass runs on PostgreSQL wherever the programs are (installed with apt when possible,
 * `ensurePostgres`). With `TEST_DATABASE_URL` already set it runs the command against that server; with no
 * PostgreSQL it runs it without one (the PostgreSQL tests are skipped with their reason), except under
 * `CI=true`, where that fails.
 */
import { spawnSync, type SpawnSyncOptions } from "node:child_process";
import { randomBytes } from "node:crypto";
import { chownSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { SystemCheckError, ensurePostgres, thisHost } from "./check-system.ts";
import { freePort } from "./processes.ts";

export type ThrowawayPostgres = {
  url: string;
  /** The temporary folder of its data, socket and log, deleted by `stop()`. */
  dir: string;
  stop: () => void;
};

/** initdb refuses to run as root: root runs the server as this user (Debian's package creates it). */
function serverUser(): { name: string; uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  for (const name of ["postgres", "nobody"]) {
    const id = (flag: string) => spawnSync("id", [flag, name], { encoding: "utf8" });
    const [uid, gid] = [id("-u"), id("-g")];
    if (uid.status === 0 && gid.status === 0)
      return { name, uid: Number(uid.stdout), gid: Number(gid.stdout) };
  }
  throw new Error("running as root, and neither a postgres nor a nobody user to run PostgreSQL as");
}

/** Starts a new PostgreSQL cluster from the programs in `bin`; `stop()` stops it and deletes its folder. */
export async function startThrowawayPostgres(bin: string): Promise<ThrowawayPostgres> {
  const user = serverUser();
  const root = mkdtempSync(join(tmpdir(), "taichi-postgres-"));
  const data = join(root, "data");
  const log = join(root, "server.log");
  const password = randomBytes(16).toString("hex");
  writeFileSync(join(root, "password"), password, { mode: 0o600 });
  if (user) {
    chownSync(root, user.uid, user.gid);
    chownSync(join(root, "password"), user.uid, user.gid);
  }
  const run = (program: string, args: string[], options: SpawnSyncOptions = {}) => {
    const [command, all] = user
      ? ["runuser", ["-u", user.name, "--", join(bin, program), ...args]]
      : [join(bin, program), args];
    const result = spawnSync(command, all, { encoding: "utf8", ...options });
    if (result.status !== 0) {
      const output = `${result.stdout ?? ""}${result.stderr ?? ""}`.trim();
      throw new Error(`${program} failed (${result.status ?? result.signal}): ${output}`);
    }
  };
  const remove = () => rmSync(root, { recursive: true, force: true });
  try {
    run("initdb", [
      "-D",
      data,
      "-U",
      "postgres",
      `--pwfile=${join(root, "password")}`,
      "--auth=scram-sha-256",
      "--encoding=UTF8",
      "--no-locale",
      "--no-sync",
    ]);
    const port = await freePort();
    // A test server: durability traded for speed; its socket in its own folder, not /var/run/postgresql.
    const settings = [
      `-p ${port}`,
      "-c listen_addresses=127.0.0.1",
      `-k ${root}`,
      "-c fsync=off",
      "-c synchronous_commit=off",
      "-c full_page_writes=off",
      "-c max_connections=200",
    ].join(" ");
    try {
      run("pg_ctl", ["-D", data, "-l", log, "-o", settings, "-w", "-t", "60", "start"]);
    } catch (error) {
      const tail = (() => {
        try {
          return readFileSync(log, "utf8").trim().split("\n").slice(-5).join("\n");
        } catch {
          return "";
        }
      })();
      throw new Error(`${(error as Error).message}\n${tail}`);
    }
    let stopped = false;
    return {
      url: `postgres://postgres:${password}@127.0.0.1:${port}/postgres`,
      dir: root,
      stop: () => {
        if (stopped) return;
        stopped = true;
        try {
          run("pg_ctl", ["-D", data, "-m", "fast", "-w", "stop"]);
        } finally {
          remove();
        }
      },
    };
  } catch (error) {
    remove();
    throw error;
  }
}

/** Runs `command` with `TEST_DATABASE_URL` set (see the top of this file); its exit status. */
export async function withPostgres(command: string[]): Promise<number> {
  const runCommand = (env: NodeJS.ProcessEnv) => {
    // The command gets Ctrl-C itself; this process waits for it, then stops the server.
    const ignore = () => {};
    process.on("SIGINT", ignore).on("SIGTERM", ignore);
    try {
      const [program = "true", ...args] = command;
      return spawnSync(program, args, { stdio: "inherit", env }).status ?? 1;
    } finally {
      process.off("SIGINT", ignore).off("SIGTERM", ignore);
    }
  };
  if (process.env.TEST_DATABASE_URL) return runCommand(process.env);
  const found = ensurePostgres(thisHost());
  if ("missing" in found) {
    console.log(`PostgreSQL tests skipped: ${found.missing}`);
    return runCommand(process.env);
  }
  const server = await startThrowawayPostgres(found.bin);
  console.log(`throwaway PostgreSQL (${found.bin}) on ${new URL(server.url).host}`);
  try {
    return runCommand({ ...process.env, TEST_DATABASE_URL: server.url });
  } finally {
    server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  try {
    process.exitCode = await withPostgres(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof SystemCheckError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}

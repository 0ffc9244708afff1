/**
 * `node tether.mjs <command> [args...]`: runs one service of the local stack (scripts/src/processes.ts) so
 * that it never outlives the process that started it. Plain JavaScript, so it starts on plain `node`.
 *
 * The starter runs this in a process group of its own, which the service shares (with whatever the service
 * starts in turn), and stops the service by signalling that group. It keeps this process's stdin open as a
 * pipe it never writes to: the pipe closes when the starter exits, however it exits (SIGKILL and an
 * uncaught error included). Then this process signals the group SIGTERM, and SIGKILL 5 s later if the
 * service is still there. A signal the group receives reaches the service directly; this process then
 * only waits for it, and exits with its status.
 */
import { spawn } from "node:child_process";
import { constants } from "node:os";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("usage: node tether.mjs <command> [args...]");
  process.exit(2);
}

const service = spawn(command, args, { stdio: ["ignore", "inherit", "inherit"] });
let forceTimer;

/** SIGKILL for the whole group (this process included) if the service has not exited within 5 s. */
function killLater() {
  forceTimer ??= setTimeout(() => signalGroup("SIGKILL"), 5000);
}

function signalGroup(signal) {
  try {
    process.kill(-process.pid, signal);
  } catch {
    // the group is gone already
  }
}

// The group's signals reach the service on their own: wait for it to exit (never exit first).
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, killLater);

let starterGone = false;
process.stdin.on("close", () => {
  starterGone = true;
  signalGroup("SIGTERM");
  killLater();
});
process.stdin.resume();

service.on("error", (error) => {
  console.error(`${command}: ${error.message}`);
  process.exit(127);
});
service.on("exit", (code, signal) => {
  clearTimeout(forceTimer);
  // Without a starter, leave nothing behind: whatever the service started goes with this process.
  if (starterGone) signalGroup("SIGKILL");
  process.exit(code ?? 128 + (constants.signals[signal] ?? 0));
});

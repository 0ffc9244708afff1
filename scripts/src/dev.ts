/**
 * `npm run dev`: the whole product on this machine. Ctrl-C, SIGTERM and closing its terminal (SIGHUP) stop
 * everything it started; so does any other end of this process (SIGKILL included), as every service is
 * tethered to it (processes.ts).
 */
import { DEV_ROLES, devAccount, devPrivateKey, ports } from "./env.ts";
import { startStack, type Stack } from "./stack.ts";

/** The stack once it runs; until then, exiting is enough: the services started so far stop with this process. */
const running: { stack?: Stack } = {};
let stopping = false;
async function shutdown(signal: NodeJS.Signals) {
  if (stopping) return;
  stopping = true;
  // after SIGHUP there is no terminal left to write to
  if (signal !== "SIGHUP") console.log("\nstopping chain, API, indexer and app...");
  await running.stack?.stop();
  process.exit(0);
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) process.on(signal, shutdown);

const started = Date.now();
// DEV_STATE_DIR: databases and deployment file in a folder of their own (default .data/dev, deployments/)
const stack = await startStack({
  ports: ports(),
  keeper: true,
  stateDir: process.env.DEV_STATE_DIR || undefined,
});
running.stack = stack;

const account = (index: number) => `${devAccount(index).address}  key ${devPrivateKey(index)}`;
console.log(`
Taichi is running (ready in ${((Date.now() - started) / 1000).toFixed(1)} s)
  app    ${stack.urls.app}
  API    ${stack.urls.api}/api/api/invest/
  indexer ${stack.urls.indexer}/audit (/ready, /status)
  chain  ${stack.urls.chain} (chain id ${stack.deployment.chainId})
  keeper calls Staking.updatePrice() every price window (dev account ${DEV_ROLES.keeper}), so token deposits keep a price

Dev accounts to import into a wallet (local chain only; these keys are public):
  timelock proposer, root ${account(DEV_ROLES.deployer)}
  manager                 ${account(DEV_ROLES.manager)}
  registered member       ${account(DEV_ROLES.members[0])}
  newcomer (unregistered) ${account(DEV_ROLES.newcomers[0])}

Owner calls go through the Timelock ${stack.deployment.contracts.Timelock}: schedule, wait its delay
(120 s here unless TIMELOCK_DELAY says otherwise), execute (docs/manager.md).
Invitation link: ${stack.urls.app}/?code=${devAccount(DEV_ROLES.deployer).address}
Press Ctrl-C to stop.`);

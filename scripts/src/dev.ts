/** `npm run dev`: the whole product on this machine; Ctrl-C stops everything it started. */
import { DEV_ROLES, devAccount, devPrivateKey, ports } from "./env.ts";
import { startStack } from "./stack.ts";

const started = Date.now();
const stack = await startStack({ ports: ports(), keeper: true });

let stopping = false;
async function shutdown() {
  if (stopping) return;
  stopping = true;
  console.log("\nstopping chain, API, indexer and app...");
  await stack.stop();
  process.exit(0);
}
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);

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
  third Safe owner        ${account(DEV_ROLES.operator)}

Owner calls go through the Timelock ${stack.deployment.contracts.Timelock}: schedule, wait its delay
(120 s here unless TIMELOCK_DELAY says otherwise), execute (docs/manager.md). The dev operators' 2-of-3 Safe
${stack.safe.address} (owners: the proposer, the manager and the third owner above) proposes too (docs/deploy.md, "Safes").
Invitation link: ${stack.urls.app}/?code=${devAccount(DEV_ROLES.deployer).address}
Press Ctrl-C to stop.`);

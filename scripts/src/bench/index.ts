/** `npm run bench`: prints where the product stands on speed and cost, and writes bench/results/<time>.json. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../env.ts";
import { HOME_JS_BUDGET_KB, buildApp, measureRoutes } from "./frontend.ts";
import { measureApi } from "./api.ts";
import { measureLighthouse } from "./lighthouse.ts";
import { measureAnchors, readSnapshots } from "./gas.ts";
import { FIRST_WINDOW_MS, RPC_TABLE_COLUMNS, STEADY_WINDOW_MS, measureRpc } from "./rpc.ts";

const started = Date.now();

console.log("Front end: gzip kB loaded per route (production build)");
const routes = measureRoutes(buildApp());
console.table(routes);
const home = routes.find((row) => row.route === "/")!;
console.log(`/ loads ${home.jsKb} kB of JS (budget ${HOME_JS_BUDGET_KB} kB)\n`);

console.log("Lighthouse (mobile preset, visitor without a wallet, production build)");
const lighthouse = await measureLighthouse();
console.table(lighthouse);

console.log(
  `RPC: requests to the chain endpoint per page view of member dev account 2, first ${FIRST_WINDOW_MS / 1000} s ` +
    `after navigation, then the next ${STEADY_WINDOW_MS / 1000} s; Multicall3 batching on and off (two builds)`,
);
const rpc = await measureRpc();
console.table(rpc, [...RPC_TABLE_COLUMNS]);

console.log("Gas: committed snapshots of user-facing calls, with anchors measured now on anvil");
const gas = [...readSnapshots(), ...(await measureAnchors())];
console.table(gas);

console.log("\nAPI on loopback: 3 s per route, 16 concurrent clients; ratio to the bare route");
const api = await measureApi();
console.table(api);

const testTimesFile = join(REPO_ROOT, ".data", "test-times.json");
const testTimes = existsSync(testTimesFile) ? JSON.parse(readFileSync(testTimesFile, "utf8")) : null;
console.log("\nnpm test wall time per step (from the last run of npm test on this machine)");
if (testTimes) console.table(testTimes);
else console.log("  no record yet: run npm test");

const results = {
  at: new Date().toISOString(),
  frontend: { routes, homeJsBudgetKb: HOME_JS_BUDGET_KB, lighthouse },
  rpc,
  gas,
  api,
};
const dir = join(REPO_ROOT, "bench", "results");
mkdirSync(dir, { recursive: true });
const file = join(dir, `${results.at.replace(/[:.]/g, "-")}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`wrote ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

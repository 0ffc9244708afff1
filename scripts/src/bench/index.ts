/** `npm run bench`: prints where the product stands on speed and cost, and writes bench/results/<time>.json. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { REPO_ROOT } from "../env.ts";
import { requireSystem } from "../check-system.ts";
import { HOME_JS_BUDGET_KB, buildApp, measureRoutes } from "./frontend.ts";
import { FIRST_VISITS, measureApi } from "./api.ts";
import { measureInstances } from "./instances.ts";
import { measureIndexer } from "./indexer.ts";
import { measureLighthouse } from "./lighthouse.ts";
import { measureAnchors, readSnapshots } from "./gas.ts";
import { printMutationScores } from "../mutation/scores.ts";
import { FIRST_WINDOW_MS, RPC_TABLE_COLUMNS, STEADY_WINDOW_MS, measureRpc } from "./rpc.ts";

const started = Date.now();

/** `npm run bench -- api gas`: only those sections (frontend, lighthouse, rpc, gas, api, indexer, mutation); none: all. */
const SECTIONS = ["frontend", "lighthouse", "rpc", "gas", "api", "indexer", "mutation"] as const;
const asked = process.argv.slice(2);
const unknown = asked.filter((name) => !(SECTIONS as readonly string[]).includes(name));
if (unknown.length > 0)
  throw new Error(`unknown bench section ${unknown.join(", ")}; pick from ${SECTIONS.join(", ")}`);
const want = (section: (typeof SECTIONS)[number]) => asked.length === 0 || asked.includes(section);

// Lighthouse and the RPC count run in Chromium
if (want("lighthouse") || want("rpc")) requireSystem();

let routes;
let lighthouse;
if (want("frontend")) {
  console.log("Front end: gzip kB loaded per route (production build)");
  routes = measureRoutes(buildApp());
  console.table(routes);
  const home = routes.find((row) => row.route === "/")!;
  console.log(`/ loads ${home.jsKb} kB of JS (budget ${HOME_JS_BUDGET_KB} kB)\n`);
}

if (want("lighthouse")) {
  console.log(
    "Lighthouse (mobile preset, visitor without a wallet, production build; scores: median of the runs); first / largest content and " +
      "layout shift with real throttling: slow 4G and a 4x slower CPU",
  );
  lighthouse = await measureLighthouse();
  console.table(lighthouse);
}

let rpc;
if (want("rpc")) {
  console.log(
    `RPC: requests to the chain endpoint per page view of member dev account 2, first ${FIRST_WINDOW_MS / 1000} s ` +
      `after navigation, then the next ${STEADY_WINDOW_MS / 1000} s; Multicall3 batching on and off (two builds)`,
  );
  rpc = await measureRpc();
  console.table(rpc, [...RPC_TABLE_COLUMNS]);
}

let gas;
if (want("gas")) {
  console.log("Gas: committed snapshots of user-facing calls, with anchors measured now on anvil");
  gas = [...readSnapshots(), ...(await measureAnchors())];
  console.table(gas);
}

let api;
let instances;
if (want("api")) {
  console.log(
    "\nAPI on loopback, server in its own process: sign-in, 50 in a row (the wallet's signing not counted)",
  );
  api = await measureApi();
  console.table(api.signIn);
  console.log(
    "API throughput: 16 concurrent keep-alive clients, 3 rounds of 3 s per route (medians); ratio to the bare route",
  );
  console.table(api.throughput);
  console.log(
    "Team figures on the attacker's tree (1,000 deep, 50,000 wide, 51,002 members): requests one after another",
  );
  console.table(api.team);
  console.log(
    "A bystander's walletList: alone; while ten teamInfo/recommendList calls of the head run (sent once the server has read them: the issue's goal, under 2x idle); sent at the same moment as the ten; sent with ten cheap calls (the control); alone and while ten members register 1,000 deep",
  );
  console.table(api.bystander);
  console.log("The replaced design: one walk of the downline per read (indexed), database time");
  console.table(api.walk);
  console.log(
    `First visit: ${FIRST_VISITS.toLocaleString("en")} distinct new members at once (sign-in, register, my; one buys a machine): 0 5xx, ledger checked`,
  );
  console.table(api.firstVisit);
  const postgres = process.env.BENCH_DATABASE_URL;
  console.log(
    "\nAPI instances on one PostgreSQL: 1 and 2 processes (server/src/server.ts), 16 concurrent clients " +
      "spread over them, 3 rounds of 3 s (medians); 200 members, each its own IP and token",
  );
  if (postgres) {
    instances = await measureInstances(postgres);
    console.table(instances);
  } else {
    console.log("  skipped: set BENCH_DATABASE_URL to a PostgreSQL server (PGlite lives inside one process)");
  }
}

let indexer;
if (want("indexer")) {
  console.log(
    "\nIndexer: a long local history, the indexer's cold catch-up, then each history view's one request",
  );
  indexer = await measureIndexer();
  const { blocks, transactions, indexed, historySeconds, catchUpSeconds } = indexer;
  console.log(
    `  ${blocks.toLocaleString("en")} blocks; transactions ${JSON.stringify(transactions)} (mined in ${historySeconds.toFixed(0)} s); ` +
      `indexed ${JSON.stringify(indexed)}`,
  );
  console.log(`  catch-up from a cold start: ${catchUpSeconds.toFixed(1)} s`);
  console.table(indexer.requests);
}

let mutation;
if (want("mutation")) {
  console.log(
    "\nMutation scores (from the last `npm run mutation -- server|app|contracts` on this machine; goal: 80% killed per module)",
  );
  mutation = printMutationScores();
}

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
  api: api && { ...api, instances },
  indexer,
  mutation,
};
const dir = join(REPO_ROOT, "bench", "results");
mkdirSync(dir, { recursive: true });
const file = join(dir, `${results.at.replace(/[:.]/g, "-")}.json`);
writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
console.log(`wrote ${file} in ${((Date.now() - started) / 1000).toFixed(1)} s`);

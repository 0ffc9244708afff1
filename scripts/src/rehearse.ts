/**
 * `npm run rehearse -- bsc` (or `-- bsc-testnet`, `-- 56`, `-- 97`): the BSC-shaped rehearsal in one command.
 * The e2e stack starts on a local chain with BSC's chain id, BSC-USD and Multicall3 at their mainnet addresses
 * and the package PancakeSwap DEX, launched on it by following docs/launch.md step by step (the real
 * `npm run deploy`, then `npm run launch`'s steps: scripts/src/rehearsal/chain.ts and runbook.ts); then the
 * journeys tagged @rehearsal run in Chromium against it. Its own ports (E2E_*_PORT, default 8745, 8987,
 * 5373) let it run beside `npm run dev` and `npm test`. docs/deploy.md says what differs from BSC mainnet.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { requireSystem } from "./check-system.ts";
import { REPO_ROOT } from "./env.ts";
import { rerunOnNode24 } from "./node24.ts";
import { rehearsalChainId } from "./rehearsal/chain.ts";

const chainId = rehearsalChainId(process.argv[2] ?? "bsc");
// on Node 24, as the tests and a server run it (docs/launch.md's first step checks the Node)
rerunOnNode24(import.meta.url, process.argv.slice(2));
requireSystem();
const started = Date.now();
const { status } = spawnSync(
  join(REPO_ROOT, "node_modules", ".bin", "playwright"),
  ["test", "--grep", "@rehearsal"],
  {
    cwd: join(REPO_ROOT, "e2e"),
    stdio: "inherit",
    env: {
      ...process.env,
      E2E_REHEARSAL: String(chainId),
      E2E_CHAIN_PORT: process.env.E2E_CHAIN_PORT ?? "8745",
      E2E_API_PORT: process.env.E2E_API_PORT ?? "8987",
      E2E_APP_PORT: process.env.E2E_APP_PORT ?? "5373",
    },
  },
);
const seconds = Math.round((Date.now() - started) / 1000);
console.log(`rehearsal on chain ${chainId}: ${status === 0 ? "passed" : "FAILED"} in ${seconds} s`);
process.exitCode = status ?? 1;

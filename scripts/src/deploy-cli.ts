/**
 * `npm run deploy [-- --yes]`: deploys to the chain at RPC_URL (default the local one) and writes
 * deployments/<chainId>.json (or DEPLOYMENTS_DIR/<chainId>.json). A real network's deploy needs its settings
 * (README, "Deploying elsewhere"), prints its plan and asks before sending anything; `--yes` answers for CI.
 */
import type { Hex } from "viem";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { DEPLOYMENTS_DIR, deploy } from "./deploy.ts";
import { addressFromEnv, devPrivateKey, dexFromEnv, ports, timelockFromEnv } from "./env.ts";

const yes = process.argv.includes("--yes");
const rpcUrl = process.env.RPC_URL || `http://127.0.0.1:${ports().chain}`;
const deployerKey = (process.env.DEPLOYER_KEY || devPrivateKey(0)) as Hex;
const outDir = process.env.DEPLOYMENTS_DIR || DEPLOYMENTS_DIR;

async function confirm(plan: string[]): Promise<boolean> {
  console.log(`The deploy will:\n${plan.map((line) => `  - ${line}`).join("\n")}`);
  if (yes) return true;
  if (!process.stdin.isTTY) {
    console.error("no terminal to confirm on: pass --yes to deploy without asking");
    return false;
  }
  const prompt = createInterface({ input: process.stdin, output: process.stdout });
  const answer = await prompt.question("Deploy? Type yes to go on: ");
  prompt.close();
  return answer.trim().toLowerCase() === "yes";
}

try {
  // One name for the treasury everywhere: the API has always read TREASURY_ADDRESS.
  if (process.env.TREASURY && !process.env.TREASURY_ADDRESS) {
    throw new Error("TREASURY is now TREASURY_ADDRESS, the name the API reads too: rename it");
  }
  const deployment = await deploy({
    rpcUrl,
    deployerKey,
    manager: addressFromEnv("PRESALE_MANAGER"),
    root: addressFromEnv("REFERRAL_ROOT"),
    treasury: addressFromEnv("TREASURY_ADDRESS"),
    usdt: addressFromEnv("USDT_ADDRESS"),
    router: addressFromEnv("ROUTER_ADDRESS"),
    dex: dexFromEnv(),
    demo: process.env.DEPLOY_DEMO ? process.env.DEPLOY_DEMO === "1" : undefined,
    timelock: timelockFromEnv(),
    outDir,
    confirm,
  });
  console.log(`wrote ${join(outDir, `${deployment.chainId}.json`)}`);
} catch (error) {
  console.error(`deploy: ${(error as Error).message}`);
  process.exitCode = 1;
}

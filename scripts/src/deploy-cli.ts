/**
 * `npm run deploy [-- --yes]`: deploys to the chain at RPC_URL (default the local one) and writes
 * deployments/<chainId>.json (or DEPLOYMENTS_DIR/<chainId>.json). A real network's deploy needs its settings
 * (docs/launch.md), prints its plan and asks before sending anything; `--yes` answers for CI. The deployer signs
 * through DEPLOYER_SIGNER_URL (an external JSON-RPC signer: Frame with a hardware wallet; DEPLOYER_ADDRESS picks
 * one of its accounts), from DEPLOYER_KEYSTORE (an encrypted keystore; its password from DEPLOYER_PASSWORD_FILE
 * or typed) or with DEPLOYER_KEY (a raw key: dev chains), by default anvil's first dev key. With ETHERSCAN_API_KEY set, a real
 * network's deploy then verifies every contract it created (the verify.sh it wrote).
 */
import { spawnSync } from "node:child_process";
import { createPublicClient, http } from "viem";
import { join } from "node:path";
import { createInterface } from "node:readline/promises";
import { DEPLOYMENTS_DIR, deploy } from "./deploy.ts";
import { LOCAL_CHAIN_ID, addressFromEnv, devPrivateKey, dexFromEnv, ports, timelockFromEnv } from "./env.ts";
import { SIGNERS, signerFromEnv } from "./signer.ts";

const yes = process.argv.includes("--yes");
const rpcUrl = process.env.RPC_URL || `http://127.0.0.1:${ports().chain}`;
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
  const signer = (await signerFromEnv("DEPLOYER", devPrivateKey(0)))!;
  console.log(`deployer ${signer.account.address} (from ${signer.from})`);
  const chainId = await createPublicClient({ transport: http(rpcUrl) }).getChainId();
  if (chainId !== LOCAL_CHAIN_ID && signer.from === SIGNERS.DEPLOYER.key)
    console.warn(
      `warning: a raw key in ${SIGNERS.DEPLOYER.key} on chain ${chainId}; use DEPLOYER_KEYSTORE or DEPLOYER_SIGNER_URL`,
    );
  const deployment = await deploy({
    rpcUrl,
    deployer: signer,
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
  if (deployment.chainId !== LOCAL_CHAIN_ID) {
    const script = join(outDir, `${deployment.chainId}-verify`, "verify.sh");
    if (process.env.ETHERSCAN_API_KEY) {
      console.log(`verifying the sources: ${script}`);
      const { status } = spawnSync("sh", [script], { stdio: "inherit" });
      if (status !== 0) throw new Error(`${script} failed: run it again once the explorer answers`);
    } else {
      console.log(`to verify the sources on the explorer: ETHERSCAN_API_KEY=<key> sh ${script}`);
    }
  }
} catch (error) {
  console.error(`deploy: ${(error as Error).message}`);
  process.exitCode = 1;
}

import type { Address, Hex } from "viem";
import { join } from "node:path";
import { DEPLOYMENTS_DIR, deploy } from "./deploy.ts";
import { devPrivateKey, ports, timelockFromEnv } from "./env.ts";

const rpcUrl = process.env.RPC_URL || `http://127.0.0.1:${ports().chain}`;
const deployerKey = (process.env.DEPLOYER_KEY || devPrivateKey(0)) as Hex;

const deployment = await deploy({
  rpcUrl,
  deployerKey,
  manager: (process.env.PRESALE_MANAGER || undefined) as Address | undefined,
  root: (process.env.REFERRAL_ROOT || undefined) as Address | undefined,
  fund: (process.env.IDO_FUND || undefined) as Address | undefined,
  usdt: (process.env.USDT_ADDRESS || undefined) as Address | undefined,
  timelock: timelockFromEnv(),
});
console.log(`wrote ${join(DEPLOYMENTS_DIR, `${deployment.chainId}.json`)}`);

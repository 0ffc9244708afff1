/**
 * `npm run keeper`: the price keeper as a process of its own (docs/operations.md, "Price keeper").
 * `npm run dev` starts it with a dev account; on BSC an operator runs it with RPC_URL and
 * KEEPER_PRIVATE_KEY (an account holding a little BNB for gas and nothing else).
 */
import { readDeployment } from "@taichi/contracts/registry";
import { createPublicClient, http, type Hex } from "viem";
import { DEPLOYMENTS_DIR } from "./deploy.ts";
import { DEV_ROLES, LOCAL_CHAIN_ID, devPrivateKey, ports } from "./env.ts";
import { runPriceKeeper, viemKeeperChain } from "./priceKeeper.ts";

const rpcUrl = process.env.RPC_URL || `http://127.0.0.1:${ports().chain}`;
const chainId = await createPublicClient({ transport: http(rpcUrl) }).getChainId();
const { contracts } = readDeployment(process.env.DEPLOYMENTS_DIR || DEPLOYMENTS_DIR, chainId);
const privateKey = (process.env.KEEPER_PRIVATE_KEY ||
  (chainId === LOCAL_CHAIN_ID ? devPrivateKey(DEV_ROLES.keeper) : undefined)) as Hex | undefined;
if (!privateKey) throw new Error("KEEPER_PRIVATE_KEY is required off the local chain");

const controller = new AbortController();
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => controller.abort());
console.log(`price keeper: Staking ${contracts.Staking} on chain ${chainId}`);
await runPriceKeeper(
  await viemKeeperChain({ rpcUrl, staking: contracts.Staking, dataReader: contracts.DataReader, privateKey }),
  { signal: controller.signal },
);

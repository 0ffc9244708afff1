/**
 * `npm run keeper`: the price keeper as a process of its own (docs/operations.md, "Price keeper").
 * `npm run dev` starts it with a dev account; on BSC an operator runs it with RPC_URL and
 * KEEPER_PRIVATE_KEY (an account holding a little BNB for gas and nothing else).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createPublicClient, http, type Address, type Hex } from "viem";
import { DEV_ROLES, LOCAL_CHAIN_ID, REPO_ROOT, devPrivateKey, ports } from "./env.ts";
import { runPriceKeeper, viemKeeperChain } from "./priceKeeper.ts";

const rpcUrl = process.env.RPC_URL || `http://127.0.0.1:${ports().chain}`;
const chainId = await createPublicClient({ transport: http(rpcUrl) }).getChainId();
const file = join(process.env.DEPLOYMENTS_DIR || join(REPO_ROOT, "deployments"), `${chainId}.json`);
const { contracts } = JSON.parse(readFileSync(file, "utf8")) as { contracts: Record<string, Address> };
if (!contracts.Staking || !contracts.DataReader) throw new Error(`${file} lists no Staking or DataReader`);
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

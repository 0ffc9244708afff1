import { fileURLToPath } from "node:url";
import type { Abi } from "viem";
import { pairAbi } from "@taichi/contracts";
import { readDeployment } from "@taichi/contracts/registry";
import { createConfig } from "ponder";
import { PRODUCT_ABIS, type ProductContract } from "./src/contracts";
import { pairsOf, sourceOf } from "./src/deployment";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const LOCAL_CHAIN_ID = 31337;

const chainId = Number(process.env.CHAIN_ID || LOCAL_CHAIN_ID);
if (!Number.isSafeInteger(chainId) || chainId <= 0) throw new Error(`CHAIN_ID must be a chain id`);
const deployment = readDeployment(process.env.DEPLOYMENTS_DIR || `${REPO_ROOT}deployments`, chainId);
const isLocal = chainId === LOCAL_CHAIN_ID;

function productContracts<const T extends Record<string, Abi>>(abis: T) {
  return Object.fromEntries(
    Object.entries(abis).map(([name, abi]) => [
      name,
      { chain: "chain", abi, ...sourceOf(deployment, name as ProductContract) },
    ]),
  ) as { [K in keyof T]: { chain: "chain"; abi: T[K]; address: `0x${string}`; startBlock: number } };
}

export default createConfig({
  // DATABASE_URL: PostgreSQL (the schema is DATABASE_SCHEMA); else PGlite files under .data/.
  database: process.env.DATABASE_URL
    ? { kind: "postgres", connectionString: process.env.DATABASE_URL }
    : { kind: "pglite", directory: process.env.INDEXER_DATA_DIR || `${REPO_ROOT}.data/indexer` },
  chains: {
    chain: {
      id: chainId,
      rpc: process.env.RPC_URL || "http://127.0.0.1:8545",
      // A local chain restarts from block 0 with new hashes: nothing of it is worth caching.
      disableCache: isLocal,
      pollingInterval: isLocal ? 250 : 1000,
    },
  },
  contracts: {
    ...productContracts(PRODUCT_ABIS),
    Pair: { chain: "chain", abi: pairAbi, ...pairsOf(deployment) },
  },
});

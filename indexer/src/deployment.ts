import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type Address, getAddress, isAddress } from "viem";

/** What the indexer needs of `deployments/<chainId>.json`: addresses and the blocks they were deployed in. */
export type IndexedDeployment = {
  chainId: number;
  contracts: Record<string, Address>;
  blocks: Record<string, number>;
};

/** The deployment file of `chainId` in `dir`; a missing or malformed file stops the indexer with the reason. */
export function readDeployment(dir: string, chainId: number): IndexedDeployment {
  const file = join(dir, `${chainId}.json`);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (error) {
    throw new Error(`cannot read ${file} (deploy first: npm run deploy): ${(error as Error).message}`);
  }
  const { chainId: fileChainId, contracts, blocks } = (raw ?? {}) as Record<string, unknown>;
  if (fileChainId !== chainId) throw new Error(`${file}: chainId is ${String(fileChainId)}, not ${chainId}`);
  if (typeof contracts !== "object" || contracts === null) throw new Error(`${file}: no "contracts"`);
  if (typeof blocks !== "object" || blocks === null) {
    throw new Error(`${file}: no "blocks" (the deploy block of each contract): redeploy with npm run deploy`);
  }
  const deployment: IndexedDeployment = { chainId, contracts: {}, blocks: {} };
  for (const [name, address] of Object.entries(contracts)) {
    if (typeof address !== "string" || !isAddress(address, { strict: false })) {
      throw new Error(`${file}: contracts.${name} is not an address`);
    }
    deployment.contracts[name] = getAddress(address);
  }
  for (const [name, block] of Object.entries(blocks)) {
    if (!Number.isSafeInteger(block) || (block as number) < 0) {
      throw new Error(`${file}: blocks.${name} is not a block number`);
    }
    deployment.blocks[name] = block as number;
  }
  return deployment;
}

/** A deployed contract's address and the block its events start at. */
export function sourceOf(deployment: IndexedDeployment, name: string) {
  const address = deployment.contracts[name];
  const startBlock = deployment.blocks[name];
  if (address === undefined || startBlock === undefined) {
    throw new Error(`the deployment of chain ${deployment.chainId} has no ${name} (address and block)`);
  }
  return { address, startBlock };
}

/** Every `Pair_<A>_<B>` of the deployment as one source: their addresses, from the earliest one's block. */
export function pairsOf(deployment: IndexedDeployment) {
  const sources = Object.keys(deployment.contracts)
    .filter((name) => name.startsWith("Pair_"))
    .map((name) => sourceOf(deployment, name));
  if (sources.length === 0) throw new Error(`the deployment of chain ${deployment.chainId} has no pairs`);
  return {
    address: sources.map((s) => s.address),
    startBlock: Math.min(...sources.map((s) => s.startBlock)),
  };
}

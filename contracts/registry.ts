/**
 * The contract registry for Node (server, indexer, scripts): the deployment file read from disk and
 * validated (`./deployment.ts`), and every contract's handle typed by its full generated ABI, by name,
 * as scaffold-eth-2's `deployedContracts`. The app does not import this module (it would bundle every ABI):
 * it uses `contractOf` with the ABI each page calls.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Abi } from "viem";
import {
  burnTokenAbi,
  dataReaderAbi,
  factoryAbi,
  holdDividendAbi,
  idoAbi,
  lpDividendAbi,
  lpSwapAbi,
  miningTokenAbi,
  multicall3Abi,
  nodeRewardAbi,
  pairAbi,
  presaleAbi,
  routerAbi,
  stakingAbi,
  swapTokenAbi,
  timelockAbi,
  usdtAbi,
} from "./abi/index.ts";
import {
  CONTRACT_NAMES,
  type ContractHandle,
  type ContractName,
  type Deployment,
  DeploymentError,
  type PairName,
  contractOf,
  parseDeployment,
} from "./deployment.ts";

export * from "./deployment.ts";

/** The generated ABI of each contract a deployment lists. */
export const ABIS = {
  Usdt: usdtAbi,
  Presale: presaleAbi,
  Ido: idoAbi,
  Staking: stakingAbi,
  LpSwap: lpSwapAbi,
  LpDividend: lpDividendAbi,
  HoldDividend: holdDividendAbi,
  NodeReward: nodeRewardAbi,
  DataReader: dataReaderAbi,
  SwapToken: swapTokenAbi,
  BurnToken: burnTokenAbi,
  MiningToken: miningTokenAbi,
  Factory: factoryAbi,
  Router: routerAbi,
  Multicall3: multicall3Abi,
  Timelock: timelockAbi,
} as const satisfies Record<ContractName, Abi>;

/** Every required contract of a deployment, by name, typed by its ABI. */
export type Registry = { [N in ContractName]: ContractHandle<(typeof ABIS)[N]> };

export function registryOf(deployment: Deployment): Registry {
  return Object.fromEntries(
    CONTRACT_NAMES.map((name) => [name, contractOf(deployment, name, ABIS[name])]),
  ) as Registry;
}

/** A DEX pair the deployment lists, with the pair ABI. */
export function pairOf(deployment: Deployment, name: PairName): ContractHandle<typeof pairAbi> {
  return contractOf(deployment, name, pairAbi);
}

/** `<dir>/<chainId>.json`. */
export function deploymentPath(dir: string, chainId: number): string {
  return join(dir, `${chainId}.json`);
}

/**
 * The deployment of `chainId` in `dir` (`deployments/` or a stack's own folder), validated. A missing,
 * unreadable or invalid file throws a `DeploymentError` with the path and the reason.
 */
export function readDeployment(dir: string, chainId: number): Deployment {
  const source = deploymentPath(dir, chainId);
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(source, "utf8"));
  } catch (error) {
    throw new DeploymentError(
      `cannot read ${source} (deploy first: npm run deploy): ${(error as Error).message}`,
    );
  }
  return parseDeployment(raw, { source, chainId });
}

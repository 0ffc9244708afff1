/**
 * The contract registry: `deployments/<chainId>.json` read and validated once, and typed handles by name.
 *
 * The file: `{ "chainId": n, "contracts": { "<Name>": "0x..." }, "blocks": { "<Name>": n }, "dex": {...} }`.
 * `contracts` must list every name of CONTRACT_NAMES (pairs come as `Pair_<A>_<B>`); `blocks` (the block each
 * contract was deployed in) and `dex` (contracts/dex.ts) are optional. A file that breaks a rule is refused
 * whole with a `DeploymentError` naming the file and every problem, so a missing contract stops whatever
 * reads it at start instead of becoming a zero address at call time.
 *
 * This module has no ABIs and no Node imports (the app bundles it). `contractOf` takes the ABI to type the
 * handle with, so a page ships only the ABI it calls; `@taichi/contracts/registry` adds the full ABI of every
 * name and reads the file from disk.
 */
import { type Abi, type Address, getAddress, isAddress, zeroAddress } from "viem";
import { type Dex, parseDex } from "./dex.ts";

/** The contracts every deployment lists, by the names the deployment file uses. */
export const CONTRACT_NAMES = [
  "Usdt",
  "Presale",
  "Ido",
  "Staking",
  "LpSwap",
  "LpDividend",
  "HoldDividend",
  "NodeReward",
  "DataReader",
  "SwapToken",
  "BurnToken",
  "MiningToken",
  "Factory",
  "Router",
  "Multicall3",
  "Timelock",
] as const;

export type ContractName = (typeof CONTRACT_NAMES)[number];
/** A DEX pair of two listed tokens, e.g. `Pair_SwapToken_Usdt`. */
export type PairName = `Pair_${string}_${string}`;
/** Names a deployment may list besides the required ones: pairs, and the local chain's wrapped BNB. */
export type OptionalName = PairName | "Wbnb";
export type DeployedName = ContractName | OptionalName;

/** The file as a deploy writes it. */
export type DeploymentFile = {
  chainId: number;
  contracts: Record<string, Address>;
  blocks?: Record<string, number>;
  dex?: Dex;
};

/** A validated deployment: every required contract has a checksummed address. */
export type Deployment = {
  chainId: number;
  /** where it was read from (a path), named in every error about it */
  source: string;
  /** every required name's address; other names (pairs) may be absent */
  contracts: Record<ContractName, Address> & Record<string, Address>;
  /** the block each contract was deployed in; none for contracts the deploy reused (BSC's USDT) */
  blocks: Record<string, number>;
  /** the DEX's fee and pair init-code hash, which the deploy checked against the chain */
  dex?: Dex;
};

/** What a contract call needs: the address, the ABI it is typed by, and the chain it lives on. */
export type ContractHandle<abi extends Abi> = { address: Address; abi: abi; chainId: number };

export class DeploymentError extends Error {
  override name = "DeploymentError";
}

const DEPLOY_HINT = "deploy with `npm run deploy`";

/**
 * Validates one deployment file. `chainId`: the chain the reader runs on; a file of another chain is refused.
 * Throws a `DeploymentError` that lists every problem.
 */
export function parseDeployment(raw: unknown, where: { source: string; chainId?: number }): Deployment {
  const { source } = where;
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) {
    throw new DeploymentError(`${source} is not a deployment file (a JSON object): ${DEPLOY_HINT}`);
  }
  const file = raw as Record<string, unknown>;
  const problems: string[] = [];

  const chainId = file.chainId;
  if (typeof chainId !== "number" || !Number.isSafeInteger(chainId) || chainId <= 0) {
    problems.push(`"chainId" is ${JSON.stringify(chainId)}, not a chain id`);
  } else if (where.chainId !== undefined && chainId !== where.chainId) {
    problems.push(`"chainId" is ${chainId}, not ${where.chainId} (the file of another chain)`);
  }

  const contracts: Record<string, Address> = {};
  if (!isRecord(file.contracts)) {
    problems.push(`"contracts" is not an object of name -> address`);
  } else {
    for (const [name, value] of Object.entries(file.contracts)) {
      if (typeof value !== "string" || !isAddress(value, { strict: false })) {
        problems.push(`contracts.${name} is ${JSON.stringify(value)}, not an address`);
      } else if (value.toLowerCase() === zeroAddress) {
        problems.push(`contracts.${name} is the zero address`);
      } else {
        contracts[name] = getAddress(value);
      }
    }
    for (const name of CONTRACT_NAMES) {
      if (!(name in file.contracts)) problems.push(`contracts.${name} is missing`);
    }
  }

  const blocks: Record<string, number> = {};
  if (file.blocks !== undefined) {
    if (!isRecord(file.blocks)) problems.push(`"blocks" is not an object of name -> block number`);
    else {
      for (const [name, value] of Object.entries(file.blocks)) {
        if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
          problems.push(`blocks.${name} is ${JSON.stringify(value)}, not a block number`);
        } else blocks[name] = value;
      }
    }
  }

  const dex = file.dex === undefined ? undefined : parseDex(file.dex);
  if (file.dex !== undefined && !dex) problems.push(`"dex" is not { feeBps, initCodeHash }`);

  if (problems.length > 0) {
    throw new DeploymentError(`${source} is not a valid deployment: ${problems.join("; ")} (${DEPLOY_HINT})`);
  }
  return {
    chainId: chainId as number,
    source,
    contracts: contracts as Deployment["contracts"],
    blocks,
    ...(dex ? { dex } : {}),
  };
}

/** `name`'s address; a name the deployment does not list throws, naming the contract and the file. */
export function addressOf(deployment: Deployment, name: DeployedName): Address {
  const address = deployment.contracts[name];
  if (address === undefined) {
    throw new DeploymentError(`${deployment.source} lists no contract ${name} (contracts.${name})`);
  }
  return address;
}

/** The handle of `name` typed by `abi` (the full generated ABI, or the few functions a page calls). */
export function contractOf<const abi extends Abi>(
  deployment: Deployment,
  name: DeployedName,
  abi: abi,
): ContractHandle<abi> {
  return { address: addressOf(deployment, name), abi, chainId: deployment.chainId };
}

/** The block `name` was deployed in: none of its events or state is older. Undefined when the file does not say. */
export function deployBlockOf(deployment: Deployment, name: DeployedName): number | undefined {
  return deployment.blocks[name];
}

/** Every `Pair_<A>_<B>` the deployment lists. */
export function pairNamesOf(deployment: Deployment): PairName[] {
  return Object.keys(deployment.contracts).filter((name): name is PairName => name.startsWith("Pair_"));
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

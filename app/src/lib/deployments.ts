import {
  type ContractHandle,
  type DeployedName,
  type Deployment,
  DeploymentError,
  addressOf,
  contractOf,
  deployBlockOf,
  parseDeployment,
} from "@taichi/contracts/deployment";
import type { Abi, Address } from "viem";
import { env } from "./env";

export type { ContractName, DeployedName } from "@taichi/contracts/deployment";

/** The app's deployment, validated when the app loads, or why the app cannot run on it. */
export type AppDeployment = { ok: true; deployment: Deployment } | { ok: false; error: DeploymentError };

/** What the app needs beyond the contracts every deployment lists: each fee token's USDT pair. */
export const APP_PAIRS = ["Pair_SwapToken_Usdt", "Pair_BurnToken_Usdt", "Pair_MiningToken_Usdt"] as const;

/**
 * The deployment of `chainId` among the bundled deployment files (`import.meta.glob` modules: path ->
 * parsed JSON), validated by the contract registry: a missing file or contract is an error here.
 */
export function loadDeployment(modules: Record<string, unknown>, chainId: number): AppDeployment {
  const path = Object.keys(modules).find((p) => p.endsWith(`/${chainId}.json`));
  if (path === undefined) {
    const error = new DeploymentError(
      `no deployments/${chainId}.json for VITE_CHAIN_ID=${chainId}: deploy with \`npm run deploy\` (the app is built with the deployment files)`,
    );
    return { ok: false, error };
  }
  try {
    const deployment = parseDeployment(modules[path], { source: path, chainId });
    for (const name of APP_PAIRS) addressOf(deployment, name);
    return { ok: true, deployment };
  } catch (error) {
    if (error instanceof DeploymentError) return { ok: false, error };
    throw error;
  }
}

// The deployment files are bundled: `31337.json` is written by the deploy script and Vite picks up
// new or changed files while the dev server runs.
const modules = import.meta.glob<unknown>("@deployments/*.json", { eager: true, import: "default" });

/** main.tsx renders the app only when this is ok, and an error page naming the problem otherwise. */
export const appDeployment = loadDeployment(modules, env.chainId);

/**
 * The handle of `name` on the app's chain, typed by `abi` (the full ABI, or the few functions a page
 * calls, so the page ships no more). A name the deployment lacks throws, naming it and the file.
 * Without a valid deployment the app is not rendered; the handle's address then throws that error
 * when read (never a zero address).
 */
export function contract<const abi extends Abi>(name: DeployedName, abi: abi): ContractHandle<abi> {
  if (appDeployment.ok) return contractOf(appDeployment.deployment, name, abi);
  const { error } = appDeployment;
  return {
    get address(): Address {
      throw error;
    },
    abi,
    chainId: env.chainId,
  };
}

/** The address of `name` on the app's chain; throws as `contract` does. */
export function contractAddress(name: DeployedName): Address {
  return contract(name, []).address;
}

/**
 * The block `name` was deployed in: no event of it is older, and no state of it exists before. 0 when the
 * file does not say (a reused contract).
 */
export function deployBlock(name: DeployedName): bigint {
  return appDeployment.ok ? BigInt(deployBlockOf(appDeployment.deployment, name) ?? 0) : 0n;
}

/**
 * The operators' Safe recorded beside the deployment file, `deployments/safes/<chainId>.json` (the local stack and
 * the rehearsal write it; on BSC the operators add it): its address and its MultiSendCallOnly. Undefined when the
 * chain has none recorded.
 */
export type RecordedSafe = { address: Address; multiSendCallOnly?: Address };

const safeModules = import.meta.glob<unknown>("@deployments/safes/*.json", {
  eager: true,
  import: "default",
});

export function recordedSafe(modules: Record<string, unknown> = safeModules): RecordedSafe | undefined {
  const path = Object.keys(modules).find((p) => p.endsWith(`/${env.chainId}.json`));
  const file =
    path === undefined
      ? undefined
      : (modules[path] as Partial<{ address: Address; contracts: { multiSendCallOnly?: Address } }>);
  if (!file?.address) return undefined;
  return { address: file.address, multiSendCallOnly: file.contracts?.multiSendCallOnly };
}

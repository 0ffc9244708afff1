import { type Dex, parseDex } from "@taichi/contracts/dex";
import { type Address, getAddress, isAddress } from "viem";

/** Names used in `deployments/<chainId>.json` (a fixed interface); pairs are `Pair_<A>_<B>`. */
export type ContractName =
  | "Usdt"
  | "Presale"
  | "Ido"
  | "Staking"
  | "LpSwap"
  | "LpDividend"
  | "HoldDividend"
  | "NodeReward"
  | "DataReader"
  | "SwapToken"
  | "BurnToken"
  | "MiningToken"
  | "Factory"
  | "Router"
  | "Multicall3"
  | "Timelock"
  | `Pair_${string}_${string}`;

export type Deployment = {
  chainId: number;
  contracts: Partial<Record<ContractName, Address>>;
  /** the DEX's fee and pair init-code hash (`dex`), which the deploy checked against the chain */
  dex?: Dex;
  /** the block each contract was deployed in (none for contracts the deploy reused, e.g. BSC's USDT) */
  blocks: Partial<Record<ContractName, bigint>>;
};

/** Validates one deployment file; anything malformed is dropped (with a console error), never thrown. */
export function parseDeployment(raw: unknown, source = "deployment"): Deployment | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const { chainId, contracts, dex, blocks } = raw as {
    chainId?: unknown;
    contracts?: unknown;
    dex?: unknown;
    blocks?: unknown;
  };
  if (typeof chainId !== "number" || !Number.isInteger(chainId) || chainId <= 0) {
    console.error(`${source}: missing or invalid "chainId"`);
    return undefined;
  }
  const out: Deployment = { chainId, contracts: {}, blocks: {} };
  if (typeof contracts === "object" && contracts !== null) {
    for (const [name, value] of Object.entries(contracts)) {
      if (typeof value === "string" && isAddress(value, { strict: false })) {
        out.contracts[name as ContractName] = getAddress(value);
      } else {
        console.error(`${source}: contracts.${name} is not an address`);
      }
    }
  }
  if (dex !== undefined) {
    out.dex = parseDex(dex);
    if (!out.dex) console.error(`${source}: "dex" is not { feeBps, initCodeHash }`);
  }
  if (typeof blocks === "object" && blocks !== null) {
    for (const [name, value] of Object.entries(blocks)) {
      if (Number.isSafeInteger(value) && (value as number) >= 0) {
        out.blocks[name as ContractName] = BigInt(value as number);
      } else {
        console.error(`${source}: blocks.${name} is not a block number`);
      }
    }
  }
  return out;
}

/** Builds the chainId -> deployment map from `import.meta.glob` modules (file path -> parsed JSON). */
export function deploymentsFromModules(modules: Record<string, unknown>): Map<number, Deployment> {
  const map = new Map<number, Deployment>();
  for (const [path, raw] of Object.entries(modules)) {
    const d = parseDeployment(raw, path);
    if (d) map.set(d.chainId, d);
  }
  return map;
}

// A missing file simply means "nothing deployed on that chain". `31337.json` is written by the
// deploy script; Vite picks up new/changed files while the dev server runs.
const modules = import.meta.glob<unknown>("@deployments/*.json", { eager: true, import: "default" });

export const deployments = deploymentsFromModules(modules);

export function contractAddress(chainId: number, name: ContractName): Address | undefined {
  return deployments.get(chainId)?.contracts[name];
}

/**
 * The block `name` was deployed in on `chainId`: no event of it is older, and no state of it exists
 * before. 0 when the file does not say (a reused contract, an older deployment file).
 */
export function deployBlock(chainId: number, name: ContractName): bigint {
  return deployments.get(chainId)?.blocks[name] ?? 0n;
}

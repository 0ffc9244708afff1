import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Abi, Hex } from "viem";

export const CONTRACTS_DIR = join(dirname(fileURLToPath(import.meta.url)), "..");

const require = createRequire(import.meta.url);

export type Artifact = { abi: Abi; bytecode: Hex };

/**
 * Our contracts, compiled by forge into $FOUNDRY_OUT (default out)/<File>.sol/<Name>.json; `<File>.sol:<Contract>`
 * where the contract's own name differs from ours.
 */
export const FORGE_CONTRACTS = {
  Presale: "Presale.sol",
  Ido: "Ido.sol",
  Staking: "Staking.sol",
  /** Staking's owner and manager functions and the views it answers through its fallback (`IStakingIncome`) */
  StakingAdmin: "StakingAdmin.sol",
  DataReader: "DataReader.sol",
  SwapToken: "SwapToken.sol",
  BurnToken: "BurnToken.sol",
  MiningToken: "MiningToken.sol",
  LpSwap: "LpSwap.sol",
  LpDividend: "LpDividend.sol",
  HoldDividend: "HoldDividend.sol",
  NodeReward: "NodeReward.sol",
  Usdt: "Usdt.sol",
  Multicall3: "Multicall3.sol",
  ERC1967Proxy: "ERC1967Proxy.sol",
  Timelock: "TimelockController.sol:TimelockController",
} as const;

/** The Uniswap-V2 (PancakeSwap-V2 design) bytecode as shipped on npm, deployed as it is. */
export const DEX_CONTRACTS = {
  Factory: "@uniswap/v2-core/build/UniswapV2Factory.json",
  Pair: "@uniswap/v2-core/build/UniswapV2Pair.json",
  Router: "@uniswap/v2-periphery/build/UniswapV2Router02.json",
  Wbnb: "@uniswap/v2-periphery/build/WETH9.json",
} as const;

export type ContractName = keyof typeof FORGE_CONTRACTS | keyof typeof DEX_CONTRACTS;

export function loadArtifact(name: ContractName): Artifact {
  if (name in FORGE_CONTRACTS) {
    const [file, contract = name] = FORGE_CONTRACTS[name as keyof typeof FORGE_CONTRACTS].split(":");
    // A source compiled under two compiler profiles (foundry.toml compiles Staking for size) gets one
    // artifact per profile, the default one named <Name>.default.json.
    const dir = join(CONTRACTS_DIR, process.env.FOUNDRY_OUT ?? "out", file!);
    const path = [`${contract}.json`, `${contract}.default.json`]
      .map((f) => join(dir, f))
      .find((f) => existsSync(f));
    if (!path) throw new Error(`no artifact for ${contract} in ${dir}: run forge build in contracts/`);
    const json = JSON.parse(readFileSync(path, "utf8"));
    return { abi: json.abi, bytecode: json.bytecode.object };
  }
  const json = require(DEX_CONTRACTS[name as keyof typeof DEX_CONTRACTS]);
  return { abi: json.abi, bytecode: `0x${json.bytecode}` };
}

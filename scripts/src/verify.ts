/**
 * Verification inputs for a block explorer (BscScan's "Solidity (Standard-Json-Input)"): for each contract a
 * deploy created, the compiler's standard JSON input rebuilt from the metadata solc embedded in the bytecode
 * (the same source names, contents and settings, so the explorer's compile matches byte for byte), and a
 * manifest with the address, the contract's name, the compiler version and the ABI-encoded constructor
 * arguments.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { type Address, encodeDeployData, keccak256, toBytes, type Hex } from "viem";
import {
  CONTRACTS_DIR,
  DEX_CONTRACTS,
  FORGE_CONTRACTS,
  loadArtifact,
  type ContractName,
} from "@taichi/contracts/scripts/artifacts.ts";
import { REPO_ROOT } from "./env.ts";

/** A contract the deploy created: what it is, where, and its constructor arguments. */
export type Created = { label: string; name: ContractName; address: Address; args: readonly unknown[] };

type Metadata = {
  compiler: { version: string };
  sources: Record<string, { keccak256: Hex }>;
  settings: {
    compilationTarget: Record<string, string>;
    evmVersion?: string;
    libraries?: Record<string, unknown>;
    metadata?: Record<string, unknown>;
    optimizer?: unknown;
    remappings?: string[];
    viaIR?: boolean;
  };
};

/** Where a source unit name of ours or of a package is on disk. */
function sourceFile(unit: string): string {
  for (const candidate of [join(CONTRACTS_DIR, unit), join(REPO_ROOT, "node_modules", unit)]) {
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`source ${unit} of a deployed contract is not on disk`);
}

/** The standard JSON input that compiles `name` exactly as deployed, from its artifact's metadata. */
export function standardJsonInput(name: keyof typeof FORGE_CONTRACTS): {
  input: unknown;
  metadata: Metadata;
} {
  const [file, contract = name] = FORGE_CONTRACTS[name].split(":");
  const dir = join(CONTRACTS_DIR, process.env.FOUNDRY_OUT ?? "out", file!);
  const path = [`${contract}.json`, `${contract}.default.json`].map((f) => join(dir, f)).find(existsSync);
  if (!path) throw new Error(`no artifact for ${contract}: run forge build in contracts/`);
  const artifact = JSON.parse(readFileSync(path, "utf8")) as { rawMetadata: string };
  const metadata = JSON.parse(artifact.rawMetadata) as Metadata;
  const sources = Object.fromEntries(
    Object.entries(metadata.sources).map(([unit, { keccak256: hash }]) => {
      const content = readFileSync(sourceFile(unit), "utf8");
      if (keccak256(toBytes(content)) !== hash) throw new Error(`${unit} changed since ${name} was compiled`);
      return [unit, { content }];
    }),
  );
  const { compilationTarget: _, ...settings } = metadata.settings;
  const input = {
    language: "Solidity",
    sources,
    settings: {
      ...settings,
      outputSelection: { "*": { "*": ["abi", "evm.bytecode", "evm.deployedBytecode"] } },
    },
  };
  return { input, metadata };
}

/** One contract to verify, as the manifest lists it. */
export type Verification = {
  label: string;
  address: Address;
  /** `path:Contract` as the compiler names it */
  contract: string;
  compiler: string;
  optimizerRuns?: number;
  /** foundry.toml's profile the contract was built with: "size" (1 optimizer run, Staking) or "default" */
  compilationProfile: "default" | "size";
  evmVersion?: string;
  viaIR?: boolean;
  /** the standard JSON input's file name in the folder */
  input: string;
  constructorArguments: Hex;
};

/** The `forge verify-contract` command (run in contracts/) that verifies `v` on the chain's explorer. */
export function verifyCommand(chainId: number, v: Verification): string {
  return [
    "npx forge verify-contract",
    `--chain ${chainId}`,
    `--compiler-version ${v.compiler}`,
    ...(v.optimizerRuns === undefined ? [] : [`--num-of-optimizations ${v.optimizerRuns}`]),
    // forge refuses to guess between the two profiles a source may be built with
    `--compilation-profile ${v.compilationProfile}`,
    ...(v.evmVersion ? [`--evm-version ${v.evmVersion}`] : []),
    ...(v.viaIR ? ["--via-ir"] : []),
    ...(v.constructorArguments === "0x" ? [] : [`--constructor-args ${v.constructorArguments}`]),
    "--watch",
    v.address,
    v.contract,
  ].join(" ");
}

/**
 * Writes `<Label>.json` (standard JSON input) per created contract, `manifest.json`, and `verify.sh` with the
 * `forge verify-contract` command of each (the explorer key from ETHERSCAN_API_KEY); returns the folder.
 */
export function writeVerificationInputs(dir: string, chainId: number, created: readonly Created[]): string {
  mkdirSync(dir, { recursive: true });
  const manifest = created.flatMap(({ label, name, address, args }) => {
    // the DEX and WBNB stand-ins exist on BSC already; only our contracts are verified
    if (name in DEX_CONTRACTS) return [];
    const { input, metadata } = standardJsonInput(name as keyof typeof FORGE_CONTRACTS);
    const fileName = `${label.replaceAll(" ", "-")}.json`;
    writeFileSync(join(dir, fileName), JSON.stringify(input));
    const { abi, bytecode } = loadArtifact(name);
    const [target, contractName] = Object.entries(metadata.settings.compilationTarget)[0]!;
    const optimizer = metadata.settings.optimizer as { enabled?: boolean; runs?: number } | undefined;
    const verification: Verification = {
      label,
      address,
      contract: `${target}:${contractName}`,
      compiler: `v${metadata.compiler.version}`,
      optimizerRuns: optimizer?.enabled ? optimizer.runs : undefined,
      compilationProfile: optimizer?.runs === 1 ? "size" : "default",
      evmVersion: metadata.settings.evmVersion,
      viaIR: metadata.settings.viaIR || undefined,
      input: fileName,
      constructorArguments: `0x${encodeDeployData({ abi, bytecode, args }).slice(bytecode.length)}`,
    };
    return [verification];
  });
  writeFileSync(join(dir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  const script = [
    "#!/bin/sh",
    `# Verifies every contract of this deploy on chain ${chainId}'s explorer (ETHERSCAN_API_KEY: an Etherscan v2 key).`,
    "set -e",
    `cd "$(dirname "$0")/${relative(dir, CONTRACTS_DIR)}"`,
    ...manifest.map((v) => `${verifyCommand(chainId, v)}  # ${v.label}`),
  ];
  writeFileSync(join(dir, "verify.sh"), `${script.join("\n")}\n`, { mode: 0o755 });
  return dir;
}

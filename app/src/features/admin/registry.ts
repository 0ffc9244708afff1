import * as generated from "@taichi/contracts";
import { type Abi, type AbiEvent, type AbiFunction, type Address, getAddress } from "viem";
import { type ContractName, contractAddress, deployBlock } from "../../lib/deployments";

/**
 * The contracts the manager area configures, in page order (every deployment lists them). A name whose
 * ABI is not generated yet (`<name>Abi` missing from contracts/abi) is skipped.
 */
export const MANAGED: readonly ContractName[] = [
  "Presale",
  "Ido",
  "Staking",
  "LpSwap",
  "LpDividend",
  "HoldDividend",
  "NodeReward",
  "SwapToken",
  "BurnToken",
  "MiningToken",
];

const abis = generated as unknown as Record<string, Abi | undefined>;

export function abiOf(name: ContractName): Abi | undefined {
  return abis[`${name[0]!.toLowerCase()}${name.slice(1)}Abi`];
}

/** `deployBlock`: the block it was deployed in (0 when unknown): it has no events nor state before. */
export type Managed = { name: ContractName; address: Address; abi: Abi; deployBlock?: bigint };

/** The managed contracts deployed on the app's chain with a known ABI. */
export function managedContracts(): Managed[] {
  return MANAGED.flatMap((name) => {
    const abi = abiOf(name);
    return abi ? [{ name, address: contractAddress(name), abi, deployBlock: deployBlock(name) }] : [];
  });
}

export function findFunction(abi: Abi, name: string): AbiFunction | undefined {
  return abi.find((item): item is AbiFunction => item.type === "function" && item.name === name);
}

export function hasFunctions(abi: Abi, ...names: string[]): boolean {
  return names.every((n) => findFunction(abi, n) !== undefined);
}

export function events(abi: Abi): AbiEvent[] {
  return abi.filter((item): item is AbiEvent => item.type === "event");
}

export { isAdminEvent } from "@taichi/contracts/events";

/** ERC-1967 implementation slot: bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1). */
export const IMPLEMENTATION_SLOT = "0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc";

/** The implementation address stored in an ERC-1967 slot word. */
export function slotAddress(word: `0x${string}` | undefined): Address | undefined {
  if (!word || word.length < 42) return undefined;
  return getAddress(`0x${word.slice(-40)}`);
}

/** The timelock that owns the contracts. */
export function timelockContract(): Managed {
  const address = contractAddress("Timelock");
  return {
    name: "Timelock",
    address,
    abi: generated.timelockAbi as Abi,
    deployBlock: deployBlock("Timelock"),
  };
}

/** Every contract a timelock call can target: the managed ones and the timelock itself (its delay, roles). */
export function governedContracts(): Managed[] {
  return [...managedContracts(), timelockContract()];
}

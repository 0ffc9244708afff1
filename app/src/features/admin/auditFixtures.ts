import { lpSwapAbi, presaleAbi } from "@taichi/contracts";
import type { Abi, Address, Hash } from "viem";
import type { Managed } from "./registry";

/** Contracts, accounts and raw logs shared by the audit log's tests (not part of the app). */
export const presale: Managed = {
  name: "Presale",
  address: "0x0165878A594ca255338adfa4d48449f69242Eb8F",
  abi: presaleAbi as Abi,
};
export const lpSwap: Managed = {
  name: "LpSwap",
  address: "0x59b670e9fA9D0A427751Af201D676719a970857b",
  abi: lpSwapAbi as Abi,
};
export const alice: Address = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
export const bob: Address = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
export const carol: Address = "0x90F79bf6EB2c4f870365E785982E1f101E93b906";
export const owner: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";

/** A log of `c` in `block` as `eth_getLogs` returns it, its transaction hash derived from the block. */
export function rawLog(
  c: Managed,
  block: bigint,
  index: number,
  topics: readonly unknown[],
  data: `0x${string}` = "0x",
) {
  return {
    address: c.address.toLowerCase(),
    blockNumber: block,
    logIndex: index,
    transactionHash: `0x${block.toString(16).padStart(64, "0")}` as Hash,
    topics,
    data,
  };
}

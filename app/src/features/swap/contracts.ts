import { lpSwapAbi, pairAbi, routerAbi, swapTokenAbi } from "@taichi/contracts";
import type { Address } from "viem";
import { contractAddress, deployments } from "../../lib/deployments";
import { appChain } from "../../app/wagmi";

/** The project tokens traded against USDT, in the order the selector lists them. */
export const TOKEN_NAMES = ["SwapToken", "BurnToken", "MiningToken"] as const;
export type TokenName = (typeof TOKEN_NAMES)[number];

export type SwapTokenInfo = {
  name: TokenName;
  address: Address;
  /** the token's USDT pair, `Pair_<Token>_Usdt` */
  pair: Address;
};

/**
 * The tokens with a pair listed in the deployment file. Every token shares `IFeeToken` (getFees,
 * getSwapSettings, swapPair, ...), so the SwapToken ABI reads all three.
 */
export const swapTokens: SwapTokenInfo[] = TOKEN_NAMES.flatMap((name) => {
  const address = contractAddress(appChain.id, name);
  const pair = contractAddress(appChain.id, `Pair_${name}_Usdt`);
  return address && pair ? [{ name, address, pair }] : [];
});

/** The chain's DEX fee and pair hash: quotes use its fee, never an assumed 0.3%. */
export const dex = deployments.get(appChain.id)?.dex;

/** The router, only with its DEX's fee known (a deployment file without `dex` leaves the exchange off). */
const routerAddress = contractAddress(appChain.id, "Router");
export const router =
  routerAddress && dex
    ? ({ address: routerAddress, abi: routerAbi, chainId: appChain.id } as const)
    : undefined;

const lpSwapAddress = contractAddress(appChain.id, "LpSwap");
export const lpSwap = lpSwapAddress
  ? ({ address: lpSwapAddress, abi: lpSwapAbi, chainId: appChain.id } as const)
  : undefined;

export const tokenHandle = (address: Address) =>
  ({ address, abi: swapTokenAbi, chainId: appChain.id }) as const;
export const pairHandle = (address: Address) => ({ address, abi: pairAbi, chainId: appChain.id }) as const;

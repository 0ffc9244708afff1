import { lpSwapAbi, pairAbi, routerAbi, swapTokenAbi } from "@taichi/contracts";
import type { Address } from "viem";
import { appDeployment, contract } from "../../lib/deployments";
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
 * Each token and its USDT pair (the app requires every pair at start). Every token shares `IFeeToken`
 * (getFees, getSwapSettings, swapPair, ...), so the SwapToken ABI reads all three.
 */
export const swapTokens: SwapTokenInfo[] = TOKEN_NAMES.map((name) => ({
  name,
  address: contract(name, swapTokenAbi).address,
  pair: contract(`Pair_${name}_Usdt`, pairAbi).address,
}));

/**
 * The chain's DEX fee and pair hash: quotes use its fee, never an assumed 0.3%. A deployment file
 * without `dex` leaves the exchange off.
 */
export const dex = appDeployment.ok ? appDeployment.deployment.dex : undefined;

export const router = contract("Router", routerAbi);
export const lpSwap = contract("LpSwap", lpSwapAbi);

export const tokenHandle = (address: Address) =>
  ({ address, abi: swapTokenAbi, chainId: appChain.id }) as const;
export const pairHandle = (address: Address) => ({ address, abi: pairAbi, chainId: appChain.id }) as const;

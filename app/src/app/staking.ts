import { stakingAbi, swapTokenAbi } from "@taichi/contracts";
import { getIncome, getOrders, tokenPrice } from "@taichi/contracts/abi/functions/DataReader.ts";
import { closeEarlyQuote } from "@taichi/contracts/abi/functions/StakingAdmin.ts";
import { zeroAddress } from "viem";
import { contractAddress } from "../lib/deployments";
import { appChain } from "./wagmi";

const address = contractAddress(appChain.id, "Staking");

/** The main staking contract on the configured chain; undefined when the deployment does not list it. */
export const staking = address ? ({ address, abi: stakingAbi, chainId: appChain.id } as const) : undefined;

/** The same handle for disabled reads (wagmi needs an address even when `enabled` is false). */
export const STAKING = staking ?? { address: zeroAddress, abi: stakingAbi, chainId: appChain.id };

const swapTokenAddress = contractAddress(appChain.id, "SwapToken");

/** The deployment's SwapToken (Staking's default project token); undefined when not deployed. */
export const swapToken = swapTokenAddress
  ? ({ address: swapTokenAddress, abi: swapTokenAbi, chainId: appChain.id } as const)
  : undefined;

const dataReaderAddress = contractAddress(appChain.id, "DataReader");

const DATA_READER_ABI = [getOrders, getIncome, tokenPrice] as const;

/**
 * DataReader with the views this page calls: `getOrders` (orders, asset and acceleration in one call),
 * `getIncome` (credited, vested and claimable income) and `tokenPrice` (how a token deposit is valued).
 */
export const dataReader = dataReaderAddress
  ? ({ address: dataReaderAddress, abi: DATA_READER_ABI, chainId: appChain.id } as const)
  : undefined;

/** The same handle for disabled reads. */
export const DATA_READER = dataReader ?? { address: zeroAddress, abi: DATA_READER_ABI, chainId: appChain.id };

/**
 * Staking with the StakingAdmin views its fallback answers (`IStakingIncome`): `closeEarlyQuote`, what an
 * early close of an order would pay back and cancel now.
 */
export const STAKING_INCOME = { ...STAKING, abi: [closeEarlyQuote] as const };

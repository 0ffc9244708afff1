import { stakingAbi, swapTokenAbi } from "@taichi/contracts";
import { getIncome, getOrders, tokenPrice } from "@taichi/contracts/abi/functions/DataReader.ts";
import { closeEarlyQuote } from "@taichi/contracts/abi/functions/StakingAdmin.ts";
import { contract } from "../lib/deployments";

/** The main staking contract on the configured chain. */
export const staking = contract("Staking", stakingAbi);

/** The deployment's SwapToken (Staking's default project token). */
export const swapToken = contract("SwapToken", swapTokenAbi);

/**
 * DataReader with the views this page calls: `getOrders` (orders, asset and acceleration in one call),
 * `getIncome` (credited, vested and claimable income) and `tokenPrice` (how a token deposit is valued).
 */
export const dataReader = contract("DataReader", [getOrders, getIncome, tokenPrice] as const);

/**
 * Staking with the StakingAdmin views its fallback answers (`IStakingIncome`): `closeEarlyQuote`, what an
 * early close of an order would pay back and cancel now.
 */
export const stakingIncome = contract("Staking", [closeEarlyQuote] as const);

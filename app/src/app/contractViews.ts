import * as ido from "@taichi/contracts/abi/functions/Ido.ts";
import * as multicall3 from "@taichi/contracts/abi/functions/Multicall3.ts";
import * as presale from "@taichi/contracts/abi/functions/Presale.ts";
import * as timelock from "@taichi/contracts/abi/functions/Timelock.ts";
import * as erc20 from "@taichi/contracts/abi/functions/Usdt.ts";
import { keccak256, stringToHex } from "viem";
import { contract } from "../lib/deployments";

/**
 * The contracts `/` reads, each with only the view functions it calls (generated per function by
 * contracts/scripts/codegen.ts, so the bundle drops the rest). The full ABIs, with the custom errors
 * that explain a revert, load with the pages and dialogs that send transactions (`contracts.ts`).
 */
export const presaleViewsAbi = [presale.users, presale.owner, presale.getConfig] as const;
export const idoViewsAbi = [
  ido.getConfig,
  ido.PRIORITY_WINDOW,
  ido.MAX_PRIORITY_RIGHTS,
  ido.swapToken,
] as const;
/** Every project token and USDT: named on the page by its on-chain symbol. */
export const tokenViewsAbi = [erc20.symbol] as const;
export const multicall3ViewsAbi = [multicall3.getCurrentBlockTimestamp] as const;
export const timelockViewsAbi = [timelock.hasRole] as const;

/** TimelockController's proposer role (`PROPOSER_ROLE()`): who may schedule owner calls. */
export const PROPOSER_ROLE = keccak256(stringToHex("PROPOSER_ROLE"));

export const presaleViews = contract("Presale", presaleViewsAbi);
export const idoViews = contract("Ido", idoViewsAbi);
export const multicall3Views = contract("Multicall3", multicall3ViewsAbi);
export const timelockViews = contract("Timelock", timelockViewsAbi);
export const usdtViews = contract("Usdt", tokenViewsAbi);
export const swapTokenViews = contract("SwapToken", tokenViewsAbi);

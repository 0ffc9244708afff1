import * as ido from "@taichi/contracts/abi/functions/Ido.ts";
import * as multicall3 from "@taichi/contracts/abi/functions/Multicall3.ts";
import * as presale from "@taichi/contracts/abi/functions/Presale.ts";
import * as timelock from "@taichi/contracts/abi/functions/Timelock.ts";
import * as erc20 from "@taichi/contracts/abi/functions/Usdt.ts";
import { type Address, keccak256, stringToHex } from "viem";
import { contractAddress } from "../lib/deployments";
import { appChain } from "./wagmi";

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

/** A contract handle on the configured chain: undefined when the deployment file does not list it. */
export function contractHandle<const abi>(address: Address | undefined, abi: abi) {
  return address ? ({ address, abi, chainId: appChain.id } as const) : undefined;
}

export const presaleViews = contractHandle(contractAddress(appChain.id, "Presale"), presaleViewsAbi);
export const idoViews = contractHandle(contractAddress(appChain.id, "Ido"), idoViewsAbi);
export const multicall3Views = contractHandle(contractAddress(appChain.id, "Multicall3"), multicall3ViewsAbi);
export const timelockViews = contractHandle(contractAddress(appChain.id, "Timelock"), timelockViewsAbi);
export const usdtViews = contractHandle(contractAddress(appChain.id, "Usdt"), tokenViewsAbi);
export const swapTokenViews = contractHandle(contractAddress(appChain.id, "SwapToken"), tokenViewsAbi);

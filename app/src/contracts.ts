import { idoAbi, multicall3Abi, presaleAbi, swapTokenAbi, usdtAbi } from "@taichi/contracts";
import type { Address } from "viem";
import { contractAddress } from "./lib/deployments";
import { appChain } from "./wagmi";

/** Contract handles on the configured chain: undefined when the deployment file does not list it. */
function handle<const abi>(address: Address | undefined, abi: abi) {
  return address ? ({ address, abi, chainId: appChain.id } as const) : undefined;
}

export const presale = handle(contractAddress(appChain.id, "Presale"), presaleAbi);
export const usdt = handle(contractAddress(appChain.id, "Usdt"), usdtAbi);
export const ido = handle(contractAddress(appChain.id, "Ido"), idoAbi);
export const swapToken = handle(contractAddress(appChain.id, "SwapToken"), swapTokenAbi);
export const multicall3 = handle(contractAddress(appChain.id, "Multicall3"), multicall3Abi);

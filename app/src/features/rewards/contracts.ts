import { holdDividendAbi, lpDividendAbi, nodeRewardAbi } from "@taichi/contracts";
import type { Address } from "viem";
import { contractAddress } from "../../lib/deployments";
import { appChain } from "../../app/wagmi";

function handle<const abi>(address: Address | undefined, abi: abi) {
  return address ? ({ address, abi, chainId: appChain.id } as const) : undefined;
}

/** The distributors (docs/dividends.md); undefined when the deployment file does not list them. */
export const lpDividend = handle(contractAddress(appChain.id, "LpDividend"), lpDividendAbi);
export const holdDividend = handle(contractAddress(appChain.id, "HoldDividend"), holdDividendAbi);
export const nodeReward = handle(contractAddress(appChain.id, "NodeReward"), nodeRewardAbi);

import { holdDividendAbi, lpDividendAbi, nodeRewardAbi } from "@taichi/contracts";
import { zeroAddress } from "viem";
import { appChain } from "../../../app/wagmi";
import { holdDividend, lpDividend, nodeReward } from "../contracts";

export const LP = lpDividend ?? { address: zeroAddress, abi: lpDividendAbi, chainId: appChain.id };

export const HOLD = holdDividend ?? { address: zeroAddress, abi: holdDividendAbi, chainId: appChain.id };

export const NODE = nodeReward ?? { address: zeroAddress, abi: nodeRewardAbi, chainId: appChain.id };

import { usdtAbi } from "@taichi/contracts";
import { zeroAddress } from "viem";
import { usdt } from "../../../app/contracts";
import { appChain } from "../../../app/wagmi";

export const USDT = usdt ?? { address: zeroAddress, abi: usdtAbi, chainId: appChain.id };

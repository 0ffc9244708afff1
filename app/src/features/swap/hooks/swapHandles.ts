import { multicall3Abi } from "@taichi/contracts";
import { zeroAddress } from "viem";
import { multicall3 } from "../../../app/contracts";
import { appChain } from "../../../app/wagmi";

export const MULTICALL = multicall3 ?? { address: zeroAddress, abi: multicall3Abi, chainId: appChain.id };

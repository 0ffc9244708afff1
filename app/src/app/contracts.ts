import { idoAbi, multicall3Abi, presaleAbi, usdtAbi } from "@taichi/contracts";
import { contractHandle as handle } from "./contractViews";
import { contractAddress } from "../lib/deployments";
import { appChain } from "./wagmi";

// The contracts several pages use, with their full ABIs (`/` reads through contractViews.ts). A page's
// other contracts have modules of their own (e.g. staking.ts, imported by the staking pages only), so their ABIs
// load with those pages.

export const presale = handle(contractAddress(appChain.id, "Presale"), presaleAbi);
export const usdt = handle(contractAddress(appChain.id, "Usdt"), usdtAbi);
export const ido = handle(contractAddress(appChain.id, "Ido"), idoAbi);
export const multicall3 = handle(contractAddress(appChain.id, "Multicall3"), multicall3Abi);

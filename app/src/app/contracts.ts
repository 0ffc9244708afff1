import { idoAbi, multicall3Abi, presaleAbi, usdtAbi } from "@taichi/contracts";
import { contract } from "../lib/deployments";

// The contracts several pages use, with their full ABIs (`/` reads through contractViews.ts). A page's
// other contracts have modules of their own (e.g. staking.ts, imported by the staking pages only), so their ABIs
// load with those pages.

export const presale = contract("Presale", presaleAbi);
export const usdt = contract("Usdt", usdtAbi);
export const ido = contract("Ido", idoAbi);
export const multicall3 = contract("Multicall3", multicall3Abi);

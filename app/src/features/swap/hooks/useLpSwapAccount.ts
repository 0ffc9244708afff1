import { lpSwapAbi } from "@taichi/contracts";
import { type Address, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { multicall3 } from "../../../app/contracts";
import { announcementOf } from "../../../lib/announcement";
import { useReadGate } from "../../../lib/readGate";
import { appChain } from "../../../app/wagmi";
import { lpSwap, pairHandle, tokenHandle } from "../contracts";
import { MULTICALL } from "./swapHandles";

const LP_SWAP = lpSwap ?? { address: zeroAddress, abi: lpSwapAbi, chainId: appChain.id };

/**
 * The member's LP swap position (`getUserInfo`), the schedule (`getConfig`), the change announced
 * (`announcement`, with the chain's time while one is), and their LP and token balances; the LP and token
 * addresses come from `getContracts`.
 */
export function useLpSwapAccount(account: Address | undefined) {
  const gate = useReadGate();
  const who = account ?? zeroAddress;
  const base = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...LP_SWAP, functionName: "getConfig" },
      { ...LP_SWAP, functionName: "getContracts" },
      { ...LP_SWAP, functionName: "getUserInfo", args: [who] },
      { ...LP_SWAP, functionName: "announcement" },
      { ...LP_SWAP, functionName: "EXIT_WINDOW" },
    ],
    query: { enabled: !!lpSwap && gate },
  });
  const [config, contracts, user, announced, exitWindow] = base.data ?? [];
  const announcement = announcementOf(announced, exitWindow);
  // the chain's clock, for when the announced change may land (a test chain's may run ahead)
  const block = useReadContract({
    ...MULTICALL,
    functionName: "getCurrentBlockTimestamp",
    query: { enabled: !!multicall3 && !!announcement && gate },
  });
  const [lp, token] = contracts ?? [];
  const balances = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...pairHandle(lp ?? zeroAddress), functionName: "balanceOf", args: [who] },
      { ...tokenHandle(token ?? zeroAddress), functionName: "balanceOf", args: [who] },
      { ...tokenHandle(token ?? zeroAddress), functionName: "symbol" },
    ],
    query: { enabled: !!lp && !!token && gate },
  });
  const [lpBalance, tokenBalance, tokenSymbol] = balances.data ?? [];
  return {
    available: !!lpSwap,
    config,
    lp,
    token,
    user: account ? user : undefined,
    announcement,
    blockTime: block.data === undefined ? undefined : Number(block.data),
    blockReadAt: block.dataUpdatedAt ? Math.floor(block.dataUpdatedAt / 1000) : undefined,
    lpBalance: account ? lpBalance : undefined,
    tokenBalance: account ? tokenBalance : undefined,
    tokenSymbol,
    isError: base.isError || balances.isError,
  };
}

export type LpSwapAccount = ReturnType<typeof useLpSwapAccount>;

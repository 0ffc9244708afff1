import { type Address, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { multicall3 } from "../../../app/contracts";
import { announcementOf } from "../../../lib/announcement";
import { useReadGate } from "../../../lib/readGate";
import { lpSwap, pairHandle, tokenHandle } from "../contracts";

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
      { ...lpSwap, functionName: "getConfig" },
      { ...lpSwap, functionName: "getContracts" },
      { ...lpSwap, functionName: "getUserInfo", args: [who] },
      { ...lpSwap, functionName: "announcement" },
      { ...lpSwap, functionName: "EXIT_WINDOW" },
    ],
    query: { enabled: gate },
  });
  const [config, contracts, user, announced, exitWindow] = base.data ?? [];
  const announcement = announcementOf(announced, exitWindow);
  // the chain's clock, for when the announced change may land (a test chain's may run ahead)
  const block = useReadContract({
    ...multicall3,
    functionName: "getCurrentBlockTimestamp",
    query: { enabled: !!announcement && gate },
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

import { multicall3Abi, swapTokenAbi, usdtAbi } from "@taichi/contracts";
import { type Address, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { multicall3, usdt } from "../../../contracts";
import { useReadGate } from "../../../lib/readGate";
import { useNow } from "../../../lib/useNow";
import { appChain } from "../../../wagmi";
import { chainNow } from "../../ido/logic";
import { STAKING, staking, swapToken } from "../staking";

const MULTICALL = multicall3 ?? { address: zeroAddress, abi: multicall3Abi, chainId: appChain.id };
const USDT = usdt ?? { address: zeroAddress, abi: usdtAbi, chainId: appChain.id };

/**
 * The staking contract's public state in one Multicall3 round trip: `getConfig`, `getConfigMulti`,
 * the project token and the latest block time (the chain's clock, for order states after time travel).
 */
export function useStakingOverview() {
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...STAKING, functionName: "getConfig" },
      { ...STAKING, functionName: "getConfigMulti" },
      { ...STAKING, functionName: "token" },
      { ...MULTICALL, functionName: "getCurrentBlockTimestamp" },
    ],
    query: { enabled: !!staking && !!multicall3 && gate },
  });
  const [config, multi, token, blockTime] = reads.data ?? [];
  return {
    available: !!staking,
    config,
    multi,
    token: token && token !== zeroAddress ? token : undefined,
    blockTime: blockTime === undefined ? undefined : Number(blockTime),
    readAt: reads.dataUpdatedAt ? Math.floor(reads.dataUpdatedAt / 1000) : undefined,
    isError: reads.isError,
  };
}

export type StakingOverview = ReturnType<typeof useStakingOverview>;

/** The chain's clock in unix seconds, ticking every second, and its lead over the local clock. */
export function useStakingNow(overview: Pick<StakingOverview, "blockTime" | "readAt">) {
  const local = useNow();
  const now = chainNow(local, overview.blockTime, overview.readAt);
  return { now, offset: now - local };
}

// Without a SwapToken in the deployment, an ERC-20 balanceOf that cannot fail (USDT's) holds its place.
const SWAP_TOKEN = swapToken ?? { ...USDT, abi: swapTokenAbi };

/**
 * The member's staking record, USDT balance and project-token balance, in the same batch as the
 * overview. The token balance is read from the deployment's SwapToken, which is Staking's `token`
 * unless a manager set another one; only then a second read (of that token) follows the overview.
 */
export function useStakingAccount(account: Address | undefined, token: Address | undefined) {
  const who = account ?? zeroAddress;
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...STAKING, functionName: "users", args: [who] },
      { ...USDT, functionName: "balanceOf", args: [who] },
      { ...SWAP_TOKEN, functionName: "balanceOf", args: [who] },
    ],
    query: { enabled: !!staking && !!usdt && !!account && gate },
  });
  const otherToken = !!token && token.toLowerCase() !== swapToken?.address.toLowerCase();
  const otherBalance = useReadContract({
    address: token ?? zeroAddress,
    abi: swapTokenAbi,
    chainId: appChain.id,
    functionName: "balanceOf",
    args: [who],
    query: { enabled: !!account && otherToken && gate },
  });
  const [user, usdtBalance, swapTokenBalance] = reads.data ?? [];
  const tokenBalance = !token ? undefined : otherToken ? otherBalance.data : swapTokenBalance;
  return { user, usdtBalance, tokenBalance, isError: reads.isError };
}

export type StakingAccount = ReturnType<typeof useStakingAccount>;

/** Orders shown on the page: the newest ones. */
export const ORDERS_SHOWN = 50;

/**
 * The member's orders, newest first: `userOrderIndex(account, i)` for the last ORDERS_SHOWN
 * positions, then `orders(number)` for each (two batches).
 */
export function useStakingOrders(account: Address | undefined, count: bigint | undefined) {
  const who = account ?? zeroAddress;
  const n = count === undefined ? 0 : Number(count);
  const positions = Array.from({ length: Math.min(n, ORDERS_SHOWN) }, (_, k) => BigInt(n - 1 - k));
  const gate = useReadGate();
  const numbers = useReadContracts({
    allowFailure: false,
    contracts: positions.map(
      (i) => ({ ...STAKING, functionName: "userOrderIndex", args: [who, i] }) as const,
    ),
    query: { enabled: !!staking && !!account && positions.length > 0 && gate },
  });
  const ids = (numbers.data ?? []) as readonly bigint[];
  const orders = useReadContracts({
    allowFailure: false,
    contracts: ids.map((id) => ({ ...STAKING, functionName: "orders", args: [id] }) as const),
    query: { enabled: !!staking && ids.length > 0 && gate },
  });
  const loading = count === undefined || (n > 0 && !orders.data);
  return {
    orders: n === 0 ? [] : orders.data,
    loading,
    isError: numbers.isError || orders.isError,
  };
}

export type StakeOrder = NonNullable<ReturnType<typeof useStakingOrders>["orders"]>[number];

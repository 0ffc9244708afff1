import { swapTokenAbi } from "@taichi/contracts";
import { type Address, type ContractFunctionReturnType, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { multicall3, usdt } from "../../../contracts";
import { useReadGate } from "../../../lib/readGate";
import { useNow } from "../../../lib/useNow";
import { appChain } from "../../../wagmi";
import { chainNow } from "../../ido/logic";
import { announcementOf } from "../../../lib/announcement";
import { type Acceleration, accelerationOf, laterPageOffsets } from "../logic";
import { dataReader, staking, stakingIncome, swapToken } from "../staking";

/**
 * The staking contract's public state in one Multicall3 round trip: `getConfig`, `getConfigMulti`,
 * the project token and the latest block time (the chain's clock, for order states after time travel).
 */
export function useStakingOverview() {
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...staking, functionName: "getConfig" },
      { ...staking, functionName: "getConfigMulti" },
      { ...staking, functionName: "token" },
      { ...multicall3, functionName: "getCurrentBlockTimestamp" },
    ],
    query: { enabled: gate },
  });
  const [config, multi, token, blockTime] = reads.data ?? [];
  const price = useReadContract({
    ...dataReader,
    functionName: "tokenPrice",
    query: { enabled: gate },
  });
  return {
    config,
    multi,
    /** how a token deposit now would be valued (`DataReader.tokenPrice`) */
    tokenPrice: price.data,
    refetchTokenPrice: price.refetch,
    /** reads the tiers, settings and token price anew (after a deposit refused on stale terms) */
    refresh: () => Promise.all([reads.refetch(), price.refetch()]),
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

/**
 * The member's staking record, USDT balance, project-token balance, node status and the income rates,
 * in the same batch as the overview. The token balance is read from the deployment's SwapToken, which is
 * Staking's `token` unless a manager set another one; only then a second read (of that token) follows
 * the overview.
 */
export function useStakingAccount(account: Address | undefined, token: Address | undefined) {
  const who = account ?? zeroAddress;
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...staking, functionName: "users", args: [who] },
      { ...usdt, functionName: "balanceOf", args: [who] },
      { ...swapToken, functionName: "balanceOf", args: [who] },
      { ...staking, functionName: "nodes", args: [who] },
      { ...staking, functionName: "getIncomeRates" },
    ],
    query: { enabled: !!account && gate },
  });
  const otherToken = !!token && token.toLowerCase() !== swapToken.address.toLowerCase();
  const otherBalance = useReadContract({
    address: token ?? zeroAddress,
    abi: swapTokenAbi,
    chainId: appChain.id,
    functionName: "balanceOf",
    args: [who],
    query: { enabled: !!account && otherToken && gate },
  });
  const income = useReadContract({
    ...dataReader,
    functionName: "getIncome",
    args: [who],
    query: { enabled: !!account && gate },
  });
  const [user, usdtBalance, swapTokenBalance, nodeInfo, rates] = reads.data ?? [];
  const tokenBalance = !token ? undefined : otherToken ? otherBalance.data : swapTokenBalance;
  const node = nodeInfo && { isNode: nodeInfo[0], reward: nodeInfo[1], count: nodeInfo[2] };
  return { user, usdtBalance, tokenBalance, node, rates, income: income.data, isError: reads.isError };
}

export type StakingAccount = ReturnType<typeof useStakingAccount>;

/** The account's own open principal (`users(account).amount`, USDT value): what its invite income needs. */
export function useOpenPrincipal(account: Address | undefined): bigint | undefined {
  const gate = useReadGate();
  const user = useReadContract({
    ...staking,
    functionName: "users",
    args: [account ?? zeroAddress],
    query: { enabled: !!account && gate },
  });
  return user.data?.amount;
}

/** Orders shown on the page: the newest ones. */
export const ORDERS_SHOWN = 50;
/** Orders per `getOrders` call. */
const ORDER_PAGE = 50n;
/** Orders read at most (the newest, plus the first page): the acceleration totals count these. */
const ORDERS_READ_MAX = 1_000n;

type OrdersPage = ContractFunctionReturnType<typeof dataReader.abi, "view", "getOrders">;

const rowsOf = ([orders, isUSDT, accelerations, fees]: OrdersPage): StakeOrder[] =>
  orders.map((order, i) => ({
    ...order,
    isUSDT: isUSDT[i] ?? true,
    acceleration: accelerationOf(accelerations[i] ?? 0),
    fee: fees[i] ?? 0n,
  }));

/**
 * The member's orders with their asset and acceleration, newest first, from `DataReader.getOrders`:
 * the first page goes with the page's first batch (it does not wait for `users().orders`); only a
 * member with more than one page of orders needs a second batch, for the rest.
 */
export function useStakingOrders(account: Address | undefined) {
  const who = account ?? zeroAddress;
  const gate = useReadGate();
  const first = useReadContract({
    ...dataReader,
    functionName: "getOrders",
    args: [who, 0n, ORDER_PAGE],
    query: { enabled: !!account && gate },
  });
  const total = first.data?.[4];
  const offsets = total === undefined ? [] : laterPageOffsets(total, ORDER_PAGE, ORDERS_READ_MAX);
  const later = useReadContracts({
    allowFailure: false,
    contracts: offsets.map(
      (offset) => ({ ...dataReader, functionName: "getOrders", args: [who, offset, ORDER_PAGE] }) as const,
    ),
    query: { enabled: offsets.length > 0 && gate },
  });
  let all: StakeOrder[] | undefined;
  if (first.data && (offsets.length === 0 || later.data)) {
    all = [first.data, ...(later.data ?? [])].flatMap(rowsOf);
    all.sort((a, b) => (a.userIndex < b.userIndex ? 1 : a.userIndex > b.userIndex ? -1 : 0));
  }
  return {
    /** the orders read, newest first (all of them up to ORDERS_READ_MAX) */
    all,
    /** the newest ORDERS_SHOWN */
    orders: all?.slice(0, ORDERS_SHOWN),
    /** how many orders the member has made */
    total,
    loading: !all,
    isError: first.isError || later.isError,
  };
}

export type StakingOrders = ReturnType<typeof useStakingOrders>;

/** An order of `orders(index)`, with the asset it was paid in, its acceleration and its release fee now. */
export type StakeOrder = OrdersPage[0][number] & { isUSDT: boolean; acceleration: Acceleration; fee: bigint };

/**
 * The change of Staking announced (`announcement()` dated with `EXIT_WINDOW()`), undefined when none is;
 * `exitWindow`: how long members have to close their orders early after an announcement.
 */
export function useAnnouncement() {
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...staking, functionName: "announcement" },
      { ...staking, functionName: "EXIT_WINDOW" },
    ],
    query: { enabled: gate },
  });
  const [read, exitWindow] = reads.data ?? [];
  return {
    announcement: announcementOf(read, exitWindow),
    exitWindow,
    loading: reads.isLoading,
    isError: reads.isError,
  };
}

export type StakingAnnouncement = ReturnType<typeof useAnnouncement>;

/** What `closeEarly(index)` would pay back now (in the order's asset) and cancel (USDT of upline income). */
export function useCloseEarlyQuote(index: bigint | undefined) {
  const gate = useReadGate();
  const quote = useReadContract({
    ...stakingIncome,
    functionName: "closeEarlyQuote",
    args: [index ?? 0n],
    query: { enabled: index !== undefined && gate },
  });
  const [refund, cancelled] = quote.data ?? [];
  return { refund, cancelled, isError: quote.isError, refetch: quote.refetch };
}

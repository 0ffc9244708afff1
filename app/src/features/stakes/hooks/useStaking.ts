import { multicall3Abi, swapTokenAbi, usdtAbi } from "@taichi/contracts";
import { type Address, type ContractFunctionReturnType, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { multicall3, usdt } from "../../../contracts";
import { useReadGate } from "../../../lib/readGate";
import { useNow } from "../../../lib/useNow";
import { appChain } from "../../../wagmi";
import { announcementOf } from "../../../lib/announcement";
import { type Acceleration, accelerationOf, laterPageOffsets } from "../logic";
import { DATA_READER, STAKING, STAKING_INCOME, dataReader, staking, swapToken } from "../staking";
import { chainNow } from "../../../lib/chainClock";

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
  const price = useReadContract({
    ...DATA_READER,
    functionName: "tokenPrice",
    query: { enabled: !!dataReader && gate },
  });
  return {
    available: !!staking,
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

// Without a SwapToken in the deployment, an ERC-20 balanceOf that cannot fail (USDT's) holds its place.
const SWAP_TOKEN = swapToken ?? { ...USDT, abi: swapTokenAbi };

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
      { ...STAKING, functionName: "users", args: [who] },
      { ...USDT, functionName: "balanceOf", args: [who] },
      { ...SWAP_TOKEN, functionName: "balanceOf", args: [who] },
      { ...STAKING, functionName: "nodes", args: [who] },
      { ...STAKING, functionName: "getIncomeRates" },
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
  const income = useReadContract({
    ...DATA_READER,
    functionName: "getIncome",
    args: [who],
    query: { enabled: !!dataReader && !!account && gate },
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
    ...STAKING,
    functionName: "users",
    args: [account ?? zeroAddress],
    query: { enabled: !!staking && !!account && gate },
  });
  return user.data?.amount;
}

/** Orders shown on the page: the newest ones. */
export const ORDERS_SHOWN = 50;
/** Orders per `getOrders` call. */
const ORDER_PAGE = 50n;
/** Orders read at most (the newest, plus the first page): the acceleration totals count these. */
const ORDERS_READ_MAX = 1_000n;

type OrdersPage = ContractFunctionReturnType<typeof DATA_READER.abi, "view", "getOrders">;

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
    ...DATA_READER,
    functionName: "getOrders",
    args: [who, 0n, ORDER_PAGE],
    query: { enabled: !!dataReader && !!account && gate },
  });
  const total = first.data?.[4];
  const offsets = total === undefined ? [] : laterPageOffsets(total, ORDER_PAGE, ORDERS_READ_MAX);
  const later = useReadContracts({
    allowFailure: false,
    contracts: offsets.map(
      (offset) => ({ ...DATA_READER, functionName: "getOrders", args: [who, offset, ORDER_PAGE] }) as const,
    ),
    query: { enabled: !!dataReader && offsets.length > 0 && gate },
  });
  let all: StakeOrder[] | undefined;
  if (first.data && (offsets.length === 0 || later.data)) {
    all = [first.data, ...(later.data ?? [])].flatMap(rowsOf);
    all.sort((a, b) => (a.userIndex < b.userIndex ? 1 : a.userIndex > b.userIndex ? -1 : 0));
  }
  return {
    /** whether the deployment lists DataReader (the orders are read through it) */
    available: !!dataReader,
    /** the orders read, newest first (all of them up to ORDERS_READ_MAX) */
    all,
    /** the newest ORDERS_SHOWN */
    orders: all?.slice(0, ORDERS_SHOWN),
    /** how many orders the member has made */
    total,
    loading: !!dataReader && !all,
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
      { ...STAKING, functionName: "announcement" },
      { ...STAKING, functionName: "EXIT_WINDOW" },
    ],
    query: { enabled: !!staking && gate },
  });
  const [read, exitWindow] = reads.data ?? [];
  return {
    announcement: announcementOf(read, exitWindow),
    exitWindow,
    loading: !!staking && reads.isLoading,
    isError: reads.isError,
  };
}

export type StakingAnnouncement = ReturnType<typeof useAnnouncement>;

/** What `closeEarly(index)` would pay back now (in the order's asset) and cancel (USDT of upline income). */
export function useCloseEarlyQuote(index: bigint | undefined) {
  const gate = useReadGate();
  const quote = useReadContract({
    ...STAKING_INCOME,
    functionName: "closeEarlyQuote",
    args: [index ?? 0n],
    query: { enabled: !!staking && index !== undefined && gate },
  });
  const [refund, cancelled] = quote.data ?? [];
  return { refund, cancelled, isError: quote.isError, refetch: quote.refetch };
}

import { type Address, type ContractFunctionReturnType, zeroAddress } from "viem";
import { useReadContract, useReadContracts } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { type Acceleration, accelerationOf, laterPageOffsets } from "../logic";
import { dataReader } from "../../../app/staking";

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

import { useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { useClient } from "wagmi";
import { env } from "../../../lib/env";
import { blocksBehind, catchUpInterval, indexedOperations } from "../../../lib/indexer";
import {
  type BlockWindow,
  blocksSpanning,
  blockWindows,
  logRange,
  windowEndingAt,
} from "../../../lib/logRange";
import { appChain } from "../../../app/wagmi";
import { type DescribedOperation, describeCall } from "../calls";
import {
  type Operation,
  type TimelockEvent,
  collectOperations,
  isQueued,
  operationFromIndex,
  uniqueOperations,
} from "../operations";
import { type AdminReads, adminReads } from "../reads";
import { type Managed, governedContracts } from "../registry";
import { loadTimelockEvents } from "../timelock";
import { MANAGER_READ_KEY } from "./useManagerRead";

type EventsPage = BlockWindow & { events: TimelockEvent[] };

async function loadEventsPage(
  reads: AdminReads,
  timelock: Managed,
  size: bigint | undefined,
  span: bigint | undefined,
  toBlock: bigint | undefined,
): Promise<EventsPage> {
  const floor = timelock.deployBlock ?? 0n;
  if (toBlock === undefined) {
    // the first page: every window back to the span of the delay, so each waiting operation is in it
    const latest = await reads.getBlockNumber();
    const from = span === undefined || size === undefined ? floor : latest >= span ? latest - span + 1n : 0n;
    const windows = blockWindows(from > floor ? from : floor, latest, size);
    const pages = await Promise.all(windows.map((w) => loadTimelockEvents(reads, timelock.address, w)));
    return { fromBlock: windows.at(-1)?.fromBlock ?? from, toBlock: latest, events: pages.flat() };
  }
  const window = windowEndingAt(toBlock, size, floor);
  return { ...window, events: await loadTimelockEvents(reads, timelock.address, window) };
}

/** Operations per page of the indexer's `/timelock/operations`. */
const INDEXED_OPERATIONS_PAGE = 50;

/** A page of operations from the indexer: `next` pages on; `behind`: blocks it trails the chain. */
type OperationsPage = BlockWindow & {
  operations: Operation[];
  next: string | null;
  behind: bigint | undefined;
};

/**
 * A page of the timelock's operations from the indexer (one HTTP request; the first page has every
 * queued one, however old). Its blocks run from its oldest operation (the timelock's deploy block on
 * the last page) to the indexer's head. Throws `IndexerError` when the indexer fails.
 */
async function loadOperationsPage(
  reads: AdminReads,
  base: string,
  timelock: Managed,
  before: string | undefined,
): Promise<OperationsPage> {
  const [page, latest] = await Promise.all([
    indexedOperations(base, INDEXED_OPERATIONS_PAGE, before),
    reads.getBlockNumber(),
  ]);
  const oldest = page.items.at(-1)?.blockNumber;
  return {
    fromBlock: page.next && oldest !== undefined ? oldest : (timelock.deployBlock ?? 0n),
    toBlock: page.head?.number ?? latest,
    operations: [...page.queued, ...page.items].map(operationFromIndex),
    next: page.next,
    behind: blocksBehind(page.head, latest),
  };
}

type PageParam = { indexed: boolean; toBlock?: bigint; before?: string };

/**
 * The timelock's operations, newest first, each call decoded with what it changes: queued ones against
 * the values now, executed ones against the values just before they ran, cancelled ones against the
 * values when they were cancelled. With an indexer (VITE_INDEXER_URL), pages of its operations, every
 * queued one on the first; without one, or when it fails on the first page, the timelock's events: the
 * first read spans the delay (every operation still waiting was scheduled inside it) in `logRange`
 * windows, and `older` reads one more window before it, down to the timelock's deploy block.
 */
export function useOperations(timelock: Managed, minDelay: bigint | undefined) {
  const client = useClient({ chainId: appChain.id });
  const size = logRange(appChain.id);
  const span = minDelay === undefined ? undefined : blocksSpanning(Number(minDelay), appChain.id);
  const floor = timelock.deployBlock ?? 0n;
  const pages = useInfiniteQuery({
    queryKey: [
      MANAGER_READ_KEY,
      "timelock-events",
      timelock.address,
      size?.toString(),
      span?.toString(),
      env.indexerUrl,
    ],
    // the delay first where reads are windowed: a fallback from a failing indexer must know its span
    enabled: !!client && (size === undefined || span !== undefined),
    retry: false,
    initialPageParam: { indexed: !!env.indexerUrl } as PageParam,
    queryFn: async ({ pageParam }): Promise<EventsPage | OperationsPage> => {
      const reads = adminReads(client!);
      if (pageParam.indexed) {
        try {
          return await loadOperationsPage(reads, env.indexerUrl!, timelock, pageParam.before);
        } catch (error) {
          // an older page stays an error; the first one falls back to the chain
          if (pageParam.before !== undefined) throw error;
          console.warn("governance: the indexer failed, reading the logs instead", error);
        }
      }
      return loadEventsPage(reads, timelock, size, span, pageParam.toBlock);
    },
    refetchInterval: (query) => {
      const first = query.state.data?.pages[0];
      return catchUpInterval(first && "behind" in first ? first.behind : undefined);
    },
    getNextPageParam: (last, all): PageParam | undefined => {
      if ("next" in last) return last.next === null ? undefined : { indexed: true, before: last.next };
      const oldest = all.at(-1)!;
      return oldest.fromBlock > floor ? { indexed: false, toBlock: oldest.fromBlock - 1n } : undefined;
    },
  });
  const loaded = pages.data?.pages ?? [];
  const first = loaded[0];
  const indexed = first !== undefined && "next" in first;
  const ops = indexed
    ? uniqueOperations(loaded.flatMap((p) => ("operations" in p ? p.operations : [])))
    : collectOperations(loaded.flatMap((p) => ("events" in p ? p.events : [])));
  const contracts = governedContracts();
  const described = useQuery({
    queryKey: [MANAGER_READ_KEY, "timelock-ops", ops.map((o) => `${o.id}:${!!o.executed}:${!!o.cancelled}`)],
    enabled: !!client && pages.isSuccess,
    retry: false,
    queryFn: () =>
      Promise.all(
        ops.map(async (op): Promise<DescribedOperation> => {
          // queued: against the values now; executed: just before it ran; cancelled: when cancelled
          const at = op.executed ? op.executed.blockNumber - 1n : op.cancelled?.blockNumber;
          const reads = adminReads(client!);
          const described = await Promise.all(
            op.calls.map((call) => describeCall(reads, call, contracts, at)),
          );
          return { ...op, described };
        }),
      ),
  });
  return {
    operations: described.data,
    queued: described.data?.filter(isQueued),
    history: described.data?.filter((op) => !isQueued(op)),
    range: loaded.length > 0 ? { from: loaded.at(-1)!.fromBlock, to: loaded[0]!.toBlock } : undefined,
    older: pages.hasNextPage ? () => void pages.fetchNextPage() : undefined,
    behind: first && "behind" in first ? first.behind : undefined,
    isLoading: pages.isLoading || described.isLoading,
    isFetchingOlder: pages.isFetchingNextPage,
    isError: pages.isError || described.isError,
  };
}

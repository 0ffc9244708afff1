import { useInfiniteQuery } from "@tanstack/react-query";
import type { Address } from "viem";
import { useClient } from "wagmi";
import { deployBlock } from "../../../lib/deployments";
import { env } from "../../../lib/env";
import { catchUpInterval } from "../../../lib/indexer";
import { logRange, windowBefore } from "../../../lib/logRange";
import { appChain } from "../../../app/wagmi";
import { type ActivityPage, activityReads, loadActivityWindow, loadIndexedActivity } from "../activity";
import { staking } from "../../../app/staking";

type PageParam = { indexed: boolean; toBlock?: bigint; before?: string };

/**
 * `account`'s Staking activity, newest first. With an indexer (VITE_INDEXER_URL), pages of its
 * `/activity/<account>`, one request each; without one, or when it fails on the first page, windows of
 * `logRange` blocks of the member's own events, from the newest down to Staking's deploy block.
 */
export function useActivity(account: Address | undefined) {
  const client = useClient({ chainId: appChain.id });
  const size = logRange(appChain.id);
  const floor = deployBlock("Staking");
  const query = useInfiniteQuery({
    queryKey: ["stakes", "activity", staking.address, account, size?.toString(), env.indexerUrl],
    enabled: !!client && !!account,
    retry: false,
    initialPageParam: { indexed: !!env.indexerUrl } as PageParam,
    queryFn: async ({ pageParam }): Promise<ActivityPage> => {
      const reads = activityReads(client!);
      if (pageParam.indexed) {
        try {
          return await loadIndexedActivity(reads, env.indexerUrl!, account!, floor, pageParam.before);
        } catch (error) {
          // an older page stays an error (the rows above stay); the first one falls back to the chain
          if (pageParam.before !== undefined) throw error;
          console.warn("activity: the indexer failed, reading the logs instead", error);
        }
      }
      return loadActivityWindow(reads, staking.address, account!, size, floor, pageParam.toBlock);
    },
    refetchInterval: (q) => catchUpInterval(q.state.data?.pages[0]?.behind),
    getNextPageParam: (last): PageParam | undefined => {
      if (last.next !== undefined)
        return last.next === null ? undefined : { indexed: true, before: last.next };
      const older = windowBefore(last, size, floor);
      return older ? { indexed: false, toBlock: older.toBlock } : undefined;
    },
  });
  const pages = query.data?.pages ?? [];
  const indexed = pages[0]?.next !== undefined;
  return {
    query,
    rows: pages.flatMap((p) => p.rows),
    indexed,
    behind: pages[0]?.behind,
    /** the blocks read so far, when read from the chain */
    shown:
      pages.length > 0 && !indexed ? { from: pages.at(-1)!.fromBlock, to: pages[0]!.toBlock } : undefined,
    /** the window "Show older" reads next, when read from the chain */
    older: pages.length > 0 && !indexed ? windowBefore(pages.at(-1)!, size, floor) : undefined,
  };
}

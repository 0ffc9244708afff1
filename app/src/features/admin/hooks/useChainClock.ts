import { useQuery } from "@tanstack/react-query";
import { useClient } from "wagmi";
import { chainNow } from "../../../lib/chainClock";
import { useNow } from "../../../lib/useNow";
import { appChain } from "../../../app/wagmi";
import { adminReads, latestBlockTime } from "../reads";
import { MANAGER_READ_KEY } from "./useManagerRead";

/**
 * The chain's clock (unix seconds, ticking every second): the local clock, or ahead of it by what the
 * latest block says (a local chain after time travel), and that lead (`offset`: a `<Countdown>` ticks
 * locally, so its target is shifted by it). Refreshed with every transaction.
 */
export function useChainClock(): { now: bigint; offset: number } {
  const client = useClient({ chainId: appChain.id });
  const local = useNow();
  const block = useQuery({
    queryKey: [MANAGER_READ_KEY, "latest-block"],
    enabled: !!client,
    queryFn: async () => ({
      time: Number(await latestBlockTime(adminReads(client!))),
      readAt: Math.floor(Date.now() / 1000),
    }),
  });
  const now = chainNow(local, block.data?.time, block.data?.readAt);
  return { now: BigInt(now), offset: now - local };
}

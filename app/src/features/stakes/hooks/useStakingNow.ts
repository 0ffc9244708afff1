import { useNow } from "../../../lib/useNow";
import { chainNow } from "../../../lib/chainClock";
import type { StakingOverview } from "./useStakingOverview";

/** The chain's clock in unix seconds, ticking every second, and its lead over the local clock. */
export function useStakingNow(overview: Pick<StakingOverview, "blockTime" | "readAt">) {
  const local = useNow();
  const now = chainNow(local, overview.blockTime, overview.readAt);
  return { now, offset: now - local };
}

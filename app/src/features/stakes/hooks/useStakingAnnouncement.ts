import { useReadContracts } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { announcementOf } from "../../../lib/announcement";
import { staking } from "../../../app/staking";

/**
 * The change of Staking announced (`announcement()` dated with `EXIT_WINDOW()`), undefined when none is;
 * `exitWindow`: how long members have to close their orders early after an announcement.
 */
export function useStakingAnnouncement() {
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

export type StakingAnnouncement = ReturnType<typeof useStakingAnnouncement>;

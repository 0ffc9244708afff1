import { type Address, zeroAddress } from "viem";
import { useReadContracts } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { STAKING, staking } from "../../stakes/staking";
import { type TeamDay, chartDays } from "../logic";

/** The member's team record and staking record (for its team income). */
export function useTeam(account: Address | undefined) {
  const who = account ?? zeroAddress;
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...STAKING, functionName: "teams", args: [who] },
      { ...STAKING, functionName: "users", args: [who] },
    ],
    query: { enabled: !!staking && !!account && gate },
  });
  const [team, user] = reads.data ?? [];
  return { team, user, isError: reads.isError };
}

/**
 * Team deposits and new team members of the last days up to `today` (the contract's
 * `timestamp / dayTimes`), oldest first: `dayTeamAmounts` and `dayTeamUsers` of each day, one batch.
 */
export function useTeamDays(account: Address | undefined, today: bigint | undefined) {
  const who = account ?? zeroAddress;
  const gate = useReadGate();
  const days = today === undefined ? [] : chartDays(today);
  const reads = useReadContracts({
    allowFailure: false,
    contracts: days.flatMap(
      (day) =>
        [
          { ...STAKING, functionName: "dayTeamAmounts", args: [who, day] },
          { ...STAKING, functionName: "dayTeamUsers", args: [who, day] },
        ] as const,
    ),
    query: { enabled: !!staking && !!account && days.length > 0 && gate },
  });
  const values = reads.data as readonly bigint[] | undefined;
  const result: TeamDay[] | undefined = values
    ? days.map((day, i) => ({ day, amount: values[2 * i]!, users: values[2 * i + 1]! }))
    : undefined;
  return { days: result, isError: reads.isError };
}

export type TeamDays = ReturnType<typeof useTeamDays>;

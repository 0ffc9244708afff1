import { type Address, zeroAddress } from "viem";
import { useReadContracts } from "wagmi";
import { STAKING, staking } from "../../stakes/staking";

/** The member's team record and staking record (for its team income). */
export function useTeam(account: Address | undefined) {
  const who = account ?? zeroAddress;
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...STAKING, functionName: "teams", args: [who] },
      { ...STAKING, functionName: "users", args: [who] },
    ],
    query: { enabled: !!staking && !!account },
  });
  const [team, user] = reads.data ?? [];
  return { team, user, isError: reads.isError };
}

/** Team deposits and new team members of day `day` (the contract's `timestamp / dayTimes`). */
export function useTeamDay(account: Address | undefined, day: bigint | undefined) {
  const who = account ?? zeroAddress;
  const d = day ?? 0n;
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...STAKING, functionName: "dayTeamAmounts", args: [who, d] },
      { ...STAKING, functionName: "dayTeamUsers", args: [who, d] },
    ],
    query: { enabled: !!staking && !!account && day !== undefined },
  });
  const [amount, users] = reads.data ?? [];
  return { amount, users, isError: reads.isError };
}

import { type Address, zeroAddress } from "viem";
import { useReadContracts } from "wagmi";
import { useReadGate } from "../../../lib/readGate";
import { STAKING, staking } from "../../stakes/staking";

/** Rows per page of the invitee list. */
export const INVITES_PAGE = 10;

export type StakingInvitee = { account: Address; amount: bigint; teamAmount: bigint; level: bigint };

/**
 * The first `pages` pages of the account's direct invitees who have staked (in the order they first
 * staked): page n is `userInvites(account, n * INVITES_PAGE, INVITES_PAGE)`, all in one batch.
 */
export function useInvites(account: Address | undefined, pages: number) {
  const who = account ?? zeroAddress;
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: Array.from(
      { length: pages },
      (_, n) =>
        ({
          ...STAKING,
          functionName: "userInvites",
          args: [who, BigInt(n * INVITES_PAGE), BigInt(INVITES_PAGE)],
        }) as const,
    ),
    query: { enabled: !!staking && !!account && gate },
  });
  const data = reads.data as readonly (readonly [readonly StakingInvitee[], bigint])[] | undefined;
  return {
    invitees: data?.flatMap((page) => page[0]),
    total: data?.[0]?.[1],
    isError: reads.isError,
    isFetching: reads.isFetching,
  };
}

import { presaleAbi } from "@taichi/contracts";
import { useQuery } from "@tanstack/react-query";
import { type Address, getAbiItem, zeroAddress } from "viem";
import { getLogs } from "viem/actions";
import { useClient, useReadContracts } from "wagmi";
import { presale } from "../../../app/contracts";
import { useReadGate } from "../../../lib/readGate";
import { readLogs } from "../../../lib/readLogs";
import { appChain } from "../../../app/wagmi";
import { staking } from "../../../app/staking";

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
          ...staking,
          functionName: "userInvites",
          args: [who, BigInt(n * INVITES_PAGE), BigInt(INVITES_PAGE)],
        }) as const,
    ),
    query: { enabled: !!account && gate },
  });
  const data = reads.data as readonly (readonly [readonly StakingInvitee[], bigint])[] | undefined;
  return {
    invitees: data?.flatMap((page) => page[0]),
    total: data?.[0]?.[1],
    isError: reads.isError,
    isFetching: reads.isFetching,
  };
}

const REGISTERED = getAbiItem({ abi: presaleAbi, name: "Registered" });

/**
 * Every account registered with `account` as its referrer (Presale's `Registered` logs, in order of
 * registration) that has not staked yet (`users(a).actual` is 0: never deposited), so /invites lists
 * the same invitees /team counts. The logs are read from block 0: on a chain whose RPC caps
 * `eth_getLogs` ranges this needs `VITE_LOG_RANGE` large enough, else `isError` (the page says so).
 */
export function useUnstakedInvitees(account: Address | undefined) {
  const gate = useReadGate();
  const client = useClient({ chainId: appChain.id });
  const registered = useQuery({
    queryKey: ["registeredInvitees", appChain.id, presale.address, account],
    enabled: !!account && !!client && gate,
    retry: false,
    queryFn: async () => {
      const logs = await readLogs(
        client!,
        appChain.id,
        (fromBlock, toBlock) =>
          getLogs(client!, {
            address: presale.address,
            event: REGISTERED,
            args: { referrer: account },
            fromBlock,
            toBlock,
          }),
        () => 0n,
      );
      return logs.flatMap((log) => (log.args.account ? [log.args.account] : []));
    },
  });
  const invitees = registered.data ?? [];
  const records = useReadContracts({
    allowFailure: false,
    contracts: invitees.map((who) => ({ ...staking, functionName: "users", args: [who] }) as const),
    query: { enabled: invitees.length > 0 },
  });
  const users = records.data as readonly { actual: bigint }[] | undefined;
  return {
    invitees:
      registered.data && (invitees.length === 0 || users)
        ? invitees.filter((_, i) => users?.[i]?.actual === 0n)
        : undefined,
    isError: registered.isError || records.isError,
  };
}

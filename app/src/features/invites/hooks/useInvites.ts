import { presaleAbi } from "@taichi/contracts";
import { useInfiniteQuery } from "@tanstack/react-query";
import { type Address, type Client, getAbiItem, zeroAddress } from "viem";
import { getLogs } from "viem/actions";
import { useClient, useReadContracts } from "wagmi";
import { presale } from "../../../app/contracts";
import { useReadGate } from "../../../lib/readGate";
import { MAX_LOG_REQUESTS, readLogs } from "../../../lib/readLogs";
import { deployBlock } from "../../../lib/deployments";
import { env } from "../../../lib/env";
import { indexedInvitees } from "../../../lib/indexer";
import { LOG_BLOCK_SECONDS, logRange } from "../../../lib/logRange";
import { coveredFromBlock, registrationCoverage } from "../logic";
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

/** Rows per page of the "not staked yet" list when the indexer serves it. */
export const UNSTAKED_PAGE = 20;

/** What the chain-log fallback covers on this chain (undefined: every block since the registry's deploy). */
export const REGISTRATION_COVERAGE = registrationCoverage(
  logRange(appChain.id),
  LOG_BLOCK_SECONDS[appChain.id],
  MAX_LOG_REQUESTS,
);

type UnstakedPage =
  /** from the indexer: already the ones not staked, newest first */
  | { indexed: true; accounts: Address[]; total: bigint; next: string | null }
  /** from the chain's logs: every registration found, newest first, staked or not */
  | { indexed: false; accounts: Address[] };

/** Accounts registered with `account` as referrer, newest first, from the registry's logs in `REGISTRATION_COVERAGE`. */
async function readRegistrations(client: Client, account: Address): Promise<Address[]> {
  const floor = deployBlock("Presale");
  const logs = await readLogs(
    client,
    appChain.id,
    (fromBlock, toBlock) =>
      getLogs(client, {
        address: presale.address,
        event: REGISTERED,
        args: { referrer: account },
        fromBlock,
        toBlock,
      }),
    (latest) =>
      REGISTRATION_COVERAGE ? coveredFromBlock(latest, REGISTRATION_COVERAGE.blocks, floor) : floor,
  );
  return logs.flatMap((log) => (log.args.account ? [log.args.account] : [])).reverse();
}

/**
 * The accounts registered with `account` as their referrer that have not staked yet (never deposited),
 * newest first, so /invites lists the same invitees /team counts. With an indexer (VITE_INDEXER_URL):
 * pages of its `/invitees/<account>?staked=false`. Without one, or when it fails on the first page:
 * the registry's `Registered` logs of the newest blocks the RPC serves in a few requests
 * (`REGISTRATION_COVERAGE`, which the page states), each checked against Staking's `users(a).actual`
 * (0: never deposited).
 */
export function useUnstakedInvitees(account: Address | undefined) {
  const gate = useReadGate();
  const client = useClient({ chainId: appChain.id });
  const registered = useInfiniteQuery({
    queryKey: ["unstakedInvitees", appChain.id, presale.address, account, env.indexerUrl],
    enabled: !!account && !!client && gate,
    retry: false,
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }): Promise<UnstakedPage> => {
      if (env.indexerUrl) {
        try {
          const page = await indexedInvitees(env.indexerUrl, account!, false, UNSTAKED_PAGE, pageParam);
          return {
            indexed: true,
            accounts: page.items.map((i) => i.account),
            total: page.total,
            next: page.next,
          };
        } catch (error) {
          // a later page stays an error (the rows above stay); the first one falls back to the chain
          if (pageParam !== undefined) throw error;
          console.warn("invitees: the indexer failed, reading the logs instead", error);
        }
      }
      return { indexed: false, accounts: await readRegistrations(client!, account!) };
    },
    getNextPageParam: (last) => (last.indexed && last.next ? last.next : undefined),
  });
  const pages = registered.data?.pages ?? [];
  const first = pages[0];
  const fromLogs = first && !first.indexed ? first.accounts : [];
  const records = useReadContracts({
    allowFailure: false,
    contracts: fromLogs.map((who) => ({ ...staking, functionName: "users", args: [who] }) as const),
    query: { enabled: fromLogs.length > 0 },
  });
  const users = records.data as readonly { actual: bigint }[] | undefined;
  let invitees: Address[] | undefined;
  let total: bigint | undefined;
  if (first?.indexed) {
    invitees = pages.flatMap((p) => p.accounts);
    total = first.total;
  } else if (first && (fromLogs.length === 0 || users)) {
    invitees = fromLogs.filter((_, i) => users?.[i]?.actual === 0n);
    total = BigInt(invitees.length);
  }
  return {
    invitees,
    total,
    isError: registered.isError || records.isError,
    isFetching: registered.isFetching,
    /** where the list was read: the indexer, or the chain's logs (of `REGISTRATION_COVERAGE`) */
    source: first ? (first.indexed ? "indexer" : "logs") : undefined,
    /** the next indexer page, when there is one */
    loadMore: registered.hasNextPage ? () => void registered.fetchNextPage() : undefined,
  };
}

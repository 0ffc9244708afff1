import { stakingAbi } from "@taichi/contracts";
import { useQuery } from "@tanstack/react-query";
import { type Address, type Client, getAbiItem, zeroAddress } from "viem";
import { getBlockNumber, getLogs } from "viem/actions";
import { useClient, useReadContracts } from "wagmi";
import { env } from "../../../lib/env";
import { blocksBehind, indexedTeamDays } from "../../../lib/indexer";
import { LOG_BLOCK_SECONDS } from "../../../lib/logRange";
import { readLogs } from "../../../lib/readLogs";
import { useReadGate } from "../../../lib/readGate";
import { appChain } from "../../../app/wagmi";
import { staking } from "../../../app/staking";
import { DEFAULT_DAY_TIMES, type TeamDay, chartDays, mergeTeamDays, teamLogsFromBlock } from "../logic";

/** The member's team record and staking record (for its team income). */
export function useTeam(account: Address | undefined) {
  const who = account ?? zeroAddress;
  const gate = useReadGate();
  const reads = useReadContracts({
    allowFailure: false,
    contracts: [
      { ...staking, functionName: "teams", args: [who] },
      { ...staking, functionName: "users", args: [who] },
    ],
    query: { enabled: !!account && gate },
  });
  const [team, user] = reads.data ?? [];
  return { team, user, isError: reads.isError };
}

const TEAM_DAY = getAbiItem({ abi: stakingAbi, name: "TeamDay" });

/**
 * The account's `TeamDay` logs (its earlier active days), in chain order, through the viem actions on a
 * bare client as the audit log reads its logs (features/admin/audit.ts). Range: from block 0 on the local chain;
 * on BSC the chart's window before the latest block (`teamLogsFromBlock`, docs/app.md), cut into requests
 * the RPC accepts (`readLogs`, src/lib/readLogs.ts).
 */
async function readTeamDayLogs(
  client: Client,
  address: Address,
  account: Address,
  dayTimes: bigint,
): Promise<TeamDay[]> {
  const logs = await readLogs(
    client,
    appChain.id,
    (fromBlock, toBlock) =>
      getLogs(client, { address, event: TEAM_DAY, args: { account }, fromBlock, toBlock }),
    (latest, blockSeconds) => teamLogsFromBlock(latest, dayTimes, blockSeconds),
  );
  return logs.flatMap(({ args: { day, amount, users } }) =>
    day === undefined || amount === undefined || users === undefined ? [] : [{ day, amount, users }],
  );
}

/**
 * The account's finished team days of the chart (`days`, oldest first): from the indexer where
 * VITE_INDEXER_URL names one (one request, and `behind`: how many blocks it trails the chain), else, or
 * when it fails, from the `TeamDay` logs.
 */
async function readTeamHistory(
  client: Client,
  address: Address,
  account: Address,
  dayTimes: bigint,
  days: readonly bigint[],
): Promise<{ days: TeamDay[]; behind?: bigint }> {
  if (env.indexerUrl && days.length > 0) {
    try {
      // Started with the page's gated reads: one timer turn lets their eth_calls reach the Multicall3
      // batcher first, so its flush (READ_BATCH_WAIT_MS) joins this JSON-RPC batch (`readLogs` does the same).
      await new Promise((resolve) => setTimeout(resolve, 0));
      const [indexed, latest] = await Promise.all([
        indexedTeamDays(env.indexerUrl, account, days[0]!, days.at(-1)!),
        getBlockNumber(client, { cacheTime: 0 }),
      ]);
      return { days: indexed.days, behind: blocksBehind(indexed.head, latest) };
    } catch (error) {
      console.warn("team chart: the indexer failed, reading the logs instead", error);
    }
  }
  return { days: await readTeamDayLogs(client, address, account, dayTimes) };
}

/**
 * Team deposits and new team members of the last days up to `today` (the contract's
 * `timestamp / dayTimes`), oldest first: `dayTeamAmounts` and `dayTeamUsers` of each day (they answer
 * only the account's latest active day) in one batch, merged with the account's `TeamDay` logs (every
 * earlier active day, from the indexer when there is one), read in the same tick. When the logs cannot be
 * read (an RPC refusing the range), the days hold the views alone and `historyError` is set; `behind` is
 * how many blocks the indexer trails the chain when it served them.
 */
export function useTeamDays(
  account: Address | undefined,
  today: bigint | undefined,
  dayTimes: bigint = DEFAULT_DAY_TIMES,
) {
  const who = account ?? zeroAddress;
  const gate = useReadGate();
  const client = useClient({ chainId: appChain.id });
  const days = today === undefined ? [] : chartDays(today);
  const reads = useReadContracts({
    allowFailure: false,
    contracts: days.flatMap(
      (day) =>
        [
          { ...staking, functionName: "dayTeamAmounts", args: [who, day] },
          { ...staking, functionName: "dayTeamUsers", args: [who, day] },
        ] as const,
    ),
    query: { enabled: !!account && days.length > 0 && gate },
  });
  const bounded = LOG_BLOCK_SECONDS[appChain.id] !== undefined;
  const logs = useQuery({
    // the range depends on dayTimes only where it is bounded; the indexer is asked for the chart's days
    queryKey: [
      "teamDayLogs",
      appChain.id,
      staking.address,
      account,
      bounded ? dayTimes.toString() : "",
      env.indexerUrl ? `${days[0]}-${days.at(-1)}` : "",
    ],
    enabled: !!account && !!client && gate,
    retry: false,
    queryFn: () => readTeamHistory(client!, staking.address, account!, dayTimes, days),
  });
  const values = reads.data as readonly bigint[] | undefined;
  const result: TeamDay[] | undefined =
    values && (logs.data || logs.isError)
      ? mergeTeamDays(
          days,
          days.map((day, i) => ({ day, amount: values[2 * i]!, users: values[2 * i + 1]! })),
          logs.data?.days ?? [],
        )
      : undefined;
  return { days: result, isError: reads.isError, historyError: logs.isError, behind: logs.data?.behind };
}

export type TeamDays = ReturnType<typeof useTeamDays>;

/** Pure rules of the team page: the level table and how far the next level is (docs/economics.md). */

export type LevelArrays = {
  inviteValids: readonly bigint[];
  teamAmounts: readonly bigint[];
  teamRates: readonly bigint[];
};

export type LevelRow = { level: number; inviteValids: bigint; teamAmount: bigint; rate: bigint };

/** The 10 levels as rows: level i+1 needs inviteValids[i] valid invites and teamAmounts[i] volume. */
export function levelRows(m: LevelArrays): LevelRow[] {
  return m.inviteValids.map((inviteValids, i) => ({
    level: i + 1,
    inviteValids,
    teamAmount: m.teamAmounts[i] ?? 0n,
    rate: m.teamRates[i] ?? 0n,
  }));
}

export type NextLevel = {
  level: number;
  needInvites: bigint;
  needAmount: bigint;
  /** what is still missing (0 when met) */
  missingInvites: bigint;
  missingAmount: bigint;
};

/** The level above `level` and what it needs, or undefined at the top. */
export function nextLevel(
  rows: LevelRow[],
  team: { level: bigint; inviteValids: bigint; teamAmount: bigint },
): NextLevel | undefined {
  const row = rows[Number(team.level)];
  if (!row) return undefined;
  const gap = (need: bigint, have: bigint) => (need > have ? need - have : 0n);
  return {
    level: row.level,
    needInvites: row.inviteValids,
    needAmount: row.teamAmount,
    missingInvites: gap(row.inviteValids, team.inviteValids),
    missingAmount: gap(row.teamAmount, team.teamAmount),
  };
}

/** Staking's `dayTimes` as deployed (1 day), to guess today's index before the config is read. */
export const DEFAULT_DAY_TIMES = 86_400n;

/** Days shown in the team chart: the last TEAM_CHART_DAYS contract days, today included. */
export const TEAM_CHART_DAYS = 14;

/** The contract day indices ending at `today`, oldest first (none before day 0). */
export function chartDays(today: bigint, count = TEAM_CHART_DAYS): bigint[] {
  const first = today - BigInt(count) + 1n;
  const days: bigint[] = [];
  for (let d = first < 0n ? 0n : first; d <= today; d++) days.push(d);
  return days;
}

export type TeamDay = { day: bigint; amount: bigint; users: bigint };

export type TeamBar = TeamDay & {
  /** bar height as a share of the tallest one, 0..1; a day with deposits is never drawn flat */
  height: number;
};

/** Bars of the chart, scaled to the largest day's deposits; undefined when no day has any activity. */
export function chartBars(days: readonly TeamDay[], minHeight = 0.02): TeamBar[] | undefined {
  if (days.every((d) => d.amount === 0n && d.users === 0n)) return undefined;
  const max = days.reduce((m, d) => (d.amount > m ? d.amount : m), 0n);
  return days.map((d) => {
    if (max === 0n || d.amount === 0n) return { ...d, height: 0 };
    // Per-mille precision in bigint, then to a number: amounts are 18-decimal wei.
    const share = Number((d.amount * 1000n) / max) / 1000;
    return { ...d, height: Math.max(share, minHeight) };
  });
}

/** A day answers when it has deposits or new members (the views return 0 for any day but the latest active one). */
const active = (d: TeamDay) => d.amount !== 0n || d.users !== 0n;

/**
 * The chart's days, oldest first: each day's views (`dayTeamAmounts` / `dayTeamUsers`) when they answer it
 * (the account's latest active day), else its `TeamDay` log (every earlier active day; in chain order, so
 * the last one wins if a day were ever logged twice), else 0.
 */
export function mergeTeamDays(
  days: readonly bigint[],
  views: readonly TeamDay[],
  logs: readonly TeamDay[],
): TeamDay[] {
  const byDay = new Map<bigint, TeamDay>();
  for (const log of logs) byDay.set(log.day, log);
  for (const view of views) if (active(view)) byDay.set(view.day, view);
  return [...days]
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
    .map((day) => {
      const d = byDay.get(day);
      return { day, amount: d?.amount ?? 0n, users: d?.users ?? 0n };
    });
}

/**
 * First block of the chart's `TeamDay` log query on a chain with a range limit: the chart's days (plus
 * one, for the block time's drift) of `dayTimes` before `latest`, never below 0. A shown day's log is
 * emitted on a later day, so inside that range. Chains without a block time in LOG_BLOCK_SECONDS
 * (src/lib/logRange.ts; the local anvil) read from block 0.
 */
export function teamLogsFromBlock(
  latest: bigint,
  dayTimes: bigint,
  blockSeconds: number,
  days = TEAM_CHART_DAYS,
): bigint {
  const blocks = BigInt(Math.ceil((Number(dayTimes) * (days + 1)) / blockSeconds));
  return latest > blocks ? latest - blocks : 0n;
}

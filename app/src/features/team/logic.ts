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

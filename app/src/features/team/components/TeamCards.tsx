import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { formatAmount, percentFromBps, dateFormat } from "../../../lib/format";
import { BEHIND_NOTE_BLOCKS } from "../../../lib/indexer";
import type { TeamDays, useTeam } from "../hooks/useTeam";
import { type LevelRow, TEAM_CHART_DAYS, chartBars, nextLevel } from "../logic";
import type { ReactNode } from "react";
import { ReadError, ReadPending } from "../../../components/ReadError";
import { SkeletonLines, ValuePending } from "../../../components/Skeleton";
import { AddressLink } from "../../../components/AddressLink";

type TeamData = ReturnType<typeof useTeam>;

/** `have / need` in thousandths, capped at 1000 (a met requirement is a full bar). */
const progressPerMille = (have: bigint, need: bigint) =>
  need === 0n || have >= need ? 1000 : Number((have * 1000n) / need);

/**
 * My level (1-10 or none, manual or not) and what the next one still needs. `rowsError`: the level
 * table (staking config) could not be read.
 */
export function LevelCard({
  data,
  rows,
  rowsError = false,
}: {
  data: TeamData;
  rows: LevelRow[] | undefined;
  rowsError?: boolean;
}) {
  const { t } = useTranslation();
  const { team } = data;
  const next = team && rows ? nextLevel(rows, team) : undefined;
  return (
    <section className="card" aria-labelledby="team-level-title">
      <h2 id="team-level-title" className="card-title">
        {t("team.level.title")}
      </h2>
      {!team || !rows ? (
        data.isError || rowsError ? (
          <ReadError />
        ) : (
          // the labels at once and placeholders about as tall as the values, so the cards below stay put
          <dl className="kv">
            <div>
              <dt>{t("team.table.mine")}</dt>
              <dd className="kv-strong">
                <ValuePending />
              </dd>
            </div>
            <div>
              <dt>{t("team.level.next")}</dt>
              <dd>
                <SkeletonLines lines={8} />
              </dd>
            </div>
          </dl>
        )
      ) : (
        <dl className="kv">
          <div>
            <dt>{t("team.table.mine")}</dt>
            <dd className="kv-strong">
              {team.level === 0n
                ? t("team.level.none")
                : t("team.level.value", { level: team.level.toString() })}
              {team.isManual && <span className="muted small"> · {t("team.level.manual")}</span>}
            </dd>
          </div>
          <div>
            <dt>{t("team.level.next")}</dt>
            {next ? (
              <dd>
                {t("team.level.value", { level: next.level })}
                <br />
                <span className="small">
                  {t("team.level.needInvites", {
                    have: team.inviteValids.toString(),
                    need: next.needInvites.toString(),
                  })}
                </span>
                <br />
                <span className="small">
                  {t("team.level.needAmount", {
                    have: formatAmount(team.teamAmount),
                    need: formatAmount(next.needAmount),
                  })}
                </span>
                <progress
                  className="level-progress"
                  max={1000}
                  value={progressPerMille(team.teamAmount, next.needAmount)}
                  aria-label={t("team.level.progress")}
                />
                <span className="small muted">
                  {next.missingInvites === 0n && next.missingAmount === 0n
                    ? t("team.level.met")
                    : t("team.level.missing", {
                        invites: next.missingInvites.toString(),
                        amount: formatAmount(next.missingAmount),
                      })}
                </span>
              </dd>
            ) : (
              <dd>{t("team.level.max")}</dd>
            )}
          </div>
        </dl>
      )}
    </section>
  );
}

/**
 * Invites, valid invites, team members, volume, largest and other legs, team income: the labels at once and
 * each value once read, so the cards below stay where they are.
 */
export function TeamStatsCard({ data }: { data: TeamData }) {
  const { t } = useTranslation();
  const { team, user } = data;
  const read = team && user ? { team, user } : undefined;
  const shown = (value: (r: NonNullable<typeof read>) => ReactNode) =>
    read ? value(read) : <ValuePending />;
  return (
    <section className="card" aria-labelledby="team-stats-title">
      <h2 id="team-stats-title" className="card-title">
        {t("team.stats.title")}
      </h2>
      {!read && data.isError ? (
        <ReadError />
      ) : (
        <dl className="kv">
          <div>
            <dt>{t("team.stats.invites")}</dt>
            <dd>{shown((r) => r.team.invites.toString())}</dd>
          </div>
          <div>
            <dt>{t("team.stats.inviteValids")}</dt>
            <dd>{shown((r) => r.team.inviteValids.toString())}</dd>
          </div>
          <div>
            <dt>{t("team.stats.teamUsers")}</dt>
            <dd>{shown((r) => r.team.teamUser.toString())}</dd>
          </div>
          <div>
            <dt>{t("team.stats.teamAmount")}</dt>
            <dd>{shown((r) => `${formatAmount(r.team.teamAmount)} USDT`)}</dd>
          </div>
          <div>
            <dt>{t("team.stats.teamMax")}</dt>
            <dd>
              {shown((r) => (
                <>
                  {formatAmount(r.team.teamMax)} USDT
                  {r.team.teamMax > 0n && (
                    <span className="muted small" title={r.team.maxAccount}>
                      {" "}
                      · <AddressLink address={r.team.maxAccount as Address} width="compact" />
                    </span>
                  )}
                </>
              ))}
            </dd>
          </div>
          <div>
            <dt>{t("team.stats.teamMin")}</dt>
            <dd>{shown((r) => `${formatAmount(r.team.teamMin)} USDT`)}</dd>
          </div>
          <div>
            <dt>{t("team.stats.rewardTeam")}</dt>
            <dd className="kv-strong">{shown((r) => `${formatAmount(r.user.rewardTeam)} USDT`)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** Today's team deposits and new team members (day = floor(chain time / dayTimes)): the chart's last day. */
export function TodayCard({ data }: { data: TeamDays }) {
  const { t } = useTranslation();
  const today = data.days?.at(-1);
  return (
    <section className="card" aria-labelledby="team-today-title">
      <h2 id="team-today-title" className="card-title">
        {t("team.today.title")}
      </h2>
      {!today && data.isError ? (
        <ReadError />
      ) : (
        <dl className="kv">
          <div>
            <dt>{t("team.today.amount")}</dt>
            <dd>{today ? `${formatAmount(today.amount)} USDT` : <ValuePending />}</dd>
          </div>
          <div>
            <dt>{t("team.today.users")}</dt>
            <dd>{today ? today.users.toString() : <ValuePending />}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

const CHART_W = 280;
const CHART_H = 96;

/**
 * Team deposits of the last TEAM_CHART_DAYS days as bars (today last and highlighted), each bar a
 * list item named by its date, deposits and new members; a note when nothing happened, and one when
 * the earlier days' logs could not be read (the chart then holds the latest active day only).
 */
export function TeamChartCard({ data, dayTimes }: { data: TeamDays; dayTimes: bigint | undefined }) {
  const { t } = useTranslation();
  const bars = data.days ? chartBars(data.days) : undefined;
  const date = dateFormat({
    month: "2-digit",
    day: "2-digit",
    timeZone: "UTC",
  });
  const dayLabel = (day: bigint) =>
    dayTimes === undefined || dayTimes === 86_400n
      ? date.format(new Date(Number(day * 86_400n) * 1000))
      : t("team.today.day", { day: day.toString() });
  const total = data.days?.reduce((sum, d) => sum + d.amount, 0n) ?? 0n;
  const members = data.days?.reduce((sum, d) => sum + d.users, 0n) ?? 0n;

  let body;
  if (!data.days || dayTimes === undefined) body = <ReadPending isError={data.isError} />;
  else if (!bars) body = <p className="muted">{t("team.chart.empty", { days: TEAM_CHART_DAYS })}</p>;
  else {
    const slot = CHART_W / bars.length;
    const width = Math.max(2, slot * 0.7);
    body = (
      <>
        <p className="small muted">
          {t("team.chart.summary", { amount: formatAmount(total), count: members.toString() })}
        </p>
        <svg
          className="team-chart"
          viewBox={`0 0 ${CHART_W} ${CHART_H + 16}`}
          role="list"
          aria-label={t("team.chart.title", { days: TEAM_CHART_DAYS })}
        >
          <line x1={0} x2={CHART_W} y1={CHART_H + 0.5} y2={CHART_H + 0.5} className="team-chart-axis" />
          {bars.map((bar, i) => {
            const h = bar.height * (CHART_H - 4);
            const label = t("team.chart.bar", {
              date: dayLabel(bar.day),
              amount: formatAmount(bar.amount),
              count: bar.users.toString(),
            });
            const isToday = i === bars.length - 1;
            return (
              <g key={bar.day.toString()} role="listitem" aria-label={label}>
                <title>{label}</title>
                {/* a full-height hit area, so short bars still show their title */}
                <rect x={i * slot} y={0} width={slot} height={CHART_H} fill="transparent" />
                <rect
                  className={isToday ? "team-chart-bar today" : "team-chart-bar"}
                  x={i * slot + (slot - width) / 2}
                  y={CHART_H - h}
                  width={width}
                  height={h}
                  rx={1.5}
                />
              </g>
            );
          })}
          <text x={0} y={CHART_H + 13} className="team-chart-label">
            {dayLabel(bars[0]!.day)}
          </text>
          <text x={CHART_W} y={CHART_H + 13} className="team-chart-label" textAnchor="end">
            {dayLabel(bars.at(-1)!.day)}
          </text>
        </svg>
      </>
    );
  }

  return (
    <section className="card" aria-labelledby="team-chart-title">
      <h2 id="team-chart-title" className="card-title">
        {t("team.chart.title", { days: TEAM_CHART_DAYS })}
      </h2>
      {body}
      {data.days && data.historyError && <p className="small error-text">{t("team.chart.historyError")}</p>}
      {data.days && data.behind !== undefined && data.behind >= BEHIND_NOTE_BLOCKS && (
        <p className="small muted">{t("team.chart.behind", { blocks: data.behind.toString() })}</p>
      )}
    </section>
  );
}

/** The 10 levels: valid invites and team volume needed, team rate; my level highlighted. */
export function LevelTableCard({
  rows,
  myLevel,
  isError = false,
}: {
  rows: LevelRow[] | undefined;
  myLevel: bigint | undefined;
  isError?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="team-table-title">
      <h2 id="team-table-title" className="card-title">
        {t("team.table.title")}
      </h2>
      {!rows ? (
        <ReadPending isError={isError} />
      ) : (
        <div className="table-wrap">
          <table className="level-table">
            <thead>
              <tr>
                <th scope="col">{t("team.table.level")}</th>
                <th scope="col">{t("team.table.invites")}</th>
                <th scope="col">{t("team.table.amount")}</th>
                <th scope="col">{t("team.table.rate")}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr
                  key={row.level}
                  className={myLevel === BigInt(row.level) ? "level-mine" : undefined}
                  aria-current={myLevel === BigInt(row.level) ? "true" : undefined}
                >
                  <td>{row.level}</td>
                  <td>{row.inviteValids.toString()}</td>
                  <td>{formatAmount(row.teamAmount)}</td>
                  <td>{t("stakes.tiers.percent", { value: percentFromBps(row.rate) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

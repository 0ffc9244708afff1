import { useTranslation } from "react-i18next";
import type { Address } from "viem";
import { formatAddress, formatAmount } from "../../../lib/format";
import { percentFromBps } from "../../stakes/logic";
import type { useTeam } from "../hooks/useTeam";
import { useTeamDay } from "../hooks/useTeam";
import { type LevelRow, nextLevel } from "../logic";

type TeamData = ReturnType<typeof useTeam>;

function Loading({ isError }: { isError: boolean }) {
  const { t } = useTranslation();
  return (
    <p className={isError ? "error-text" : "muted"}>{isError ? t("errors.network") : t("common.loading")}</p>
  );
}

/** My level (1-10 or none, manual or not) and what the next one still needs. */
export function LevelCard({ data, rows }: { data: TeamData; rows: LevelRow[] | undefined }) {
  const { t } = useTranslation();
  const { team } = data;
  const next = team && rows ? nextLevel(rows, team) : undefined;
  return (
    <section className="card" aria-labelledby="team-level-title">
      <h2 id="team-level-title" className="card-title">
        {t("team.level.title")}
      </h2>
      {!team || !rows ? (
        <Loading isError={data.isError} />
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

/** Invites, valid invites, team members, volume, largest and other legs, team income. */
export function TeamStatsCard({ data }: { data: TeamData }) {
  const { t } = useTranslation();
  const { team, user } = data;
  return (
    <section className="card" aria-labelledby="team-stats-title">
      <h2 id="team-stats-title" className="card-title">
        {t("team.stats.title")}
      </h2>
      {!team || !user ? (
        <Loading isError={data.isError} />
      ) : (
        <dl className="kv">
          <div>
            <dt>{t("team.stats.invites")}</dt>
            <dd>{team.invites.toString()}</dd>
          </div>
          <div>
            <dt>{t("team.stats.inviteValids")}</dt>
            <dd>{team.inviteValids.toString()}</dd>
          </div>
          <div>
            <dt>{t("team.stats.teamUsers")}</dt>
            <dd>{team.teamUser.toString()}</dd>
          </div>
          <div>
            <dt>{t("team.stats.teamAmount")}</dt>
            <dd>{formatAmount(team.teamAmount)} USDT</dd>
          </div>
          <div>
            <dt>{t("team.stats.teamMax")}</dt>
            <dd>
              {formatAmount(team.teamMax)} USDT
              {team.teamMax > 0n && (
                <span className="muted small" title={team.maxAccount}>
                  {" "}
                  · {formatAddress(team.maxAccount as Address, "compact")}
                </span>
              )}
            </dd>
          </div>
          <div>
            <dt>{t("team.stats.teamMin")}</dt>
            <dd>{formatAmount(team.teamMin)} USDT</dd>
          </div>
          <div>
            <dt>{t("team.stats.rewardTeam")}</dt>
            <dd className="kv-strong">{formatAmount(user.rewardTeam)} USDT</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** Today's team deposits and new team members (day = floor(chain time / dayTimes)). */
export function TodayCard({ account, day }: { account: Address; day: bigint | undefined }) {
  const { t } = useTranslation();
  const { amount, users, isError } = useTeamDay(account, day);
  return (
    <section className="card" aria-labelledby="team-today-title">
      <h2 id="team-today-title" className="card-title">
        {t("team.today.title")}
      </h2>
      {amount === undefined || users === undefined || day === undefined ? (
        <Loading isError={isError} />
      ) : (
        <dl className="kv">
          <div>
            <dt>{t("team.today.amount")}</dt>
            <dd>{formatAmount(amount)} USDT</dd>
          </div>
          <div>
            <dt>{t("team.today.users")}</dt>
            <dd>{users.toString()}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}

/** The 10 levels: valid invites and team volume needed, team rate; my level highlighted. */
export function LevelTableCard({
  rows,
  myLevel,
}: {
  rows: LevelRow[] | undefined;
  myLevel: bigint | undefined;
}) {
  const { t } = useTranslation();
  return (
    <section className="card" aria-labelledby="team-table-title">
      <h2 id="team-table-title" className="card-title">
        {t("team.table.title")}
      </h2>
      {!rows ? (
        <Loading isError={false} />
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

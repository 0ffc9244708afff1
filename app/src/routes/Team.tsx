import { useTranslation } from "../i18n";
import { dayIndex } from "../features/stakes/logic";
import { OpenStakeNote } from "../features/stakes/components/OpenStakeNote";
import {
  LevelCard,
  LevelTableCard,
  TeamChartCard,
  TeamStatsCard,
  TodayCard,
} from "../features/team/components/TeamCards";
import { useTeam, useTeamDays } from "../features/team/hooks/useTeam";
import { DEFAULT_DAY_TIMES, levelRows } from "../features/team/logic";
import { useAppConnection } from "../app/useAppConnection";
import { Link } from "../lib/router";
import { useStakingOverview } from "../features/stakes/hooks/useStakingOverview";
import { useStakingNow } from "../features/stakes/hooks/useStakingNow";

/** `/team` (lazy): my team level, my team, today's team statistics, the last days' chart and the level table. */
export default function Team() {
  const { t } = useTranslation();
  const connection = useAppConnection();
  const overview = useStakingOverview();
  const { now } = useStakingNow(overview);
  const address = connection.ready ? connection.address : undefined;
  const data = useTeam(address);
  const rows = overview.multi ? levelRows(overview.multi) : undefined;
  const day = overview.config ? dayIndex(now, overview.config.dayTimes) : undefined;
  // Until the config is read, the chart's days are guessed from the local clock and the deployed
  // 1-day `dayTimes`, so they go out in the page's first request; a wrong guess is read again.
  const days = useTeamDays(address, day ?? dayIndex(now, DEFAULT_DAY_TIMES), overview.config?.dayTimes);

  return (
    <section className="page team">
      <h1 className="page-title">{t("pages.team")}</h1>
      <p className="page-note">
        <Link to="/invites">{t("team.toInvites")}</Link>
      </p>
      {connection.accountExpected ? (
        <>
          <OpenStakeNote openPrincipal={data.user?.amount} />
          <LevelCard data={data} rows={rows} rowsError={overview.isError} />
          <TeamStatsCard data={data} />
          <TodayCard data={days} />
          <TeamChartCard data={days} dayTimes={overview.config?.dayTimes} />
        </>
      ) : (
        <section className="card empty">
          <p>{t("errors.notConnected")}</p>
        </section>
      )}
      <LevelTableCard rows={rows} myLevel={data.team?.level} isError={overview.isError} />
    </section>
  );
}

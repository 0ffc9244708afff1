import { useTranslation } from "react-i18next";
import { useStakingNow, useStakingOverview } from "../features/stakes/hooks/useStaking";
import { dayIndex } from "../features/stakes/logic";
import { LevelCard, LevelTableCard, TeamStatsCard, TodayCard } from "../features/team/components/TeamCards";
import { useTeam } from "../features/team/hooks/useTeam";
import { levelRows } from "../features/team/logic";
import { useAppConnection } from "../features/wallet/hooks/useAppConnection";

/** `/team` (lazy): my team level, my team, today's team statistics and the level table. */
export default function Team() {
  const { t } = useTranslation();
  const connection = useAppConnection();
  const overview = useStakingOverview();
  const { now } = useStakingNow(overview);
  const address = connection.ready ? connection.address : undefined;
  const data = useTeam(address);
  const rows = overview.multi ? levelRows(overview.multi) : undefined;
  const day = overview.config ? dayIndex(now, overview.config.dayTimes) : undefined;

  return (
    <section className="page team">
      <h1 className="page-title">{t("pages.team")}</h1>
      {!overview.available ? (
        <section className="card empty">
          <p>{t("stakes.tiers.empty")}</p>
        </section>
      ) : (
        <>
          {address ? (
            <>
              <LevelCard data={data} rows={rows} />
              <TeamStatsCard data={data} />
              <TodayCard account={address} day={day} />
            </>
          ) : (
            <section className="card empty">
              <p>{t("errors.notConnected")}</p>
            </section>
          )}
          <LevelTableCard rows={rows} myLevel={data.team?.level} />
        </>
      )}
    </section>
  );
}

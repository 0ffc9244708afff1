import { useTranslation } from "../../../i18n";
import { durationText } from "../../governance/duration";
import { display } from "../fields";
import type { Prepared, Route } from "../hooks/useAdminCall";

/** A form's tags: who may change it, and whether a change goes through the timelock or cannot be made. */
export function RouteTags({ ownerOnly, route }: { ownerOnly: boolean; route: Route | undefined }) {
  const { t } = useTranslation();
  return (
    <>
      {ownerOnly && <span className="tag">{t("manager.ownerOnly")}</span>}
      {route === "timelock" && <span className="tag">{t("governance.throughTimelock")}</span>}
      {route === "none" && <span className="tag muted-tag">{t("governance.readOnly")}</span>}
    </>
  );
}

/** In a confirm dialog: the change is scheduled, and the earliest time it can be executed. */
export function ScheduleNote({ prepared }: { prepared: Prepared }) {
  const { t } = useTranslation();
  if (prepared.route !== "timelock") return null;
  return (
    <p className="modal-text manager-note" data-testid="schedule-note">
      {t("governance.scheduleNote", {
        time: display({ kind: "time" }, prepared.readyAt),
        delay: durationText(prepared.delay, t),
      })}
    </p>
  );
}

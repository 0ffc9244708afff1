import { useTranslation } from "../../../i18n";
import type { AppMessage } from "../../../i18n/keys";
import { Message } from "../../../components/Message";
import type { ChangeClass } from "../changeClass";
import { durationText } from "../duration";
import { display } from "../fields";
import type { Route } from "../changeClass";
import type { Prepared } from "../hooks/useAdminCall";
import { SafeNote } from "./SafeNote";

/**
 * A form's tags: who may change it (`mixed`: the manager in members' favour, the owner otherwise), and
 * whether a change goes through the timelock or cannot be made.
 */
export function RouteTags({
  ownerOnly,
  mixed = false,
  route,
  viaSafe = false,
}: {
  ownerOnly: boolean;
  mixed?: boolean;
  route: Route | undefined;
  /** the change is a transaction of the operators' Safe, which this account owns */
  viaSafe?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      {ownerOnly && <span className="tag">{t("manager.ownerOnly")}</span>}
      {mixed && <span className="tag">{t("manager.mixedTag")}</span>}
      {viaSafe && <span className="tag">{t("manager.safe.tag")}</span>}
      {route === "timelock" && <span className="tag">{t("governance.throughTimelock")}</span>}
      {route === "none" && <span className="tag muted-tag">{t("governance.readOnly")}</span>}
    </>
  );
}

/**
 * In a confirm dialog: the change is scheduled, and the earliest time it can be executed; through a Safe, the
 * Safe transaction it becomes (`SafeNote`).
 */
export function ScheduleNote({ prepared }: { prepared: Prepared }) {
  const { t } = useTranslation();
  return (
    <>
      {prepared.route === "timelock" && (
        <p className="modal-text manager-note" data-testid="schedule-note">
          {t("governance.scheduleNote", {
            time: display({ kind: "time" }, prepared.readyAt),
            delay: durationText(prepared.delay, t),
          })}
        </p>
      )}
      {prepared.safe && <SafeNote safe={prepared.safe} title={prepared.fn} />}
    </>
  );
}

/** The changes against members a form's change makes (`ChangeClass` reasons), one per line. */
export function Reasons({ reasons }: { reasons: readonly AppMessage[] }) {
  return (
    <ul className="manager-changes" data-testid="change-reasons">
      {reasons.map((reason) => (
        <li key={`${reason.key}.${JSON.stringify(reason.values ?? {})}`}>
          <Message message={reason} />
        </li>
      ))}
    </ul>
  );
}

/**
 * In a confirm dialog of a form the manager may change only in members' favour: whether the change applies at
 * once or waits for the timelock, and the changes against members that make it the owner's.
 */
export function ChangePath({ changeClass, prepared }: { changeClass: ChangeClass; prepared: Prepared }) {
  const { t } = useTranslation();
  const reasons = changeClass.owner ? changeClass.reasons : [];
  const text =
    prepared.route === "timelock"
      ? reasons.length
        ? t("manager.path.waits")
        : t("manager.path.waitsScheduled")
      : reasons.length
        ? t("manager.path.ownerAtOnce")
        : t("manager.path.atOnce");
  return (
    <div className="modal-text manager-note" data-testid="change-path">
      <p>{text}</p>
      {reasons.length > 0 && <Reasons reasons={reasons} />}
    </div>
  );
}

import type { ReactNode } from "react";
import { Countdown } from "../../../components/Countdown";
import { Message } from "../../../components/Message";
import { useTranslation } from "../../../i18n";
import type { I18nKey } from "../../../i18n/keys";
import { formatAddress } from "../../../lib/format";
import { argText } from "../audit";
import { ChangeList } from "./ConfigForm";
import { display } from "../fields";
import { TxLink } from "../../../components/AddressLink";
import { durationText } from "../duration";
import { type OperationStatus, type TxRef, announceMessage, operationStatus, readyAt } from "../operations";
import "../governance.css";
import type { DescribedOperation } from "../calls";
import type { DescribedCall } from "../calls";

const time = (seconds: bigint) => display({ kind: "time" }, seconds);

/** What an operation's old -> new compares, by its state: the values now, before it ran, when cancelled. */
const CHANGES_LABEL = {
  waiting: "governance.changes",
  ready: "governance.changes",
  done: "governance.changesDone",
  cancelled: "governance.changesCancelled",
} as const satisfies Record<OperationStatus, I18nKey>;

/** A transaction of an operation (if any), with its block's time when `withTime`. */
function TxRow({ label, tx, withTime }: { label: string; tx: TxRef | undefined; withTime?: boolean }) {
  if (!tx) return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {withTime && tx.time !== undefined && <span className="small">{time(tx.time)} </span>}
        <TxLink hash={tx.hash} width="full" />
      </dd>
    </div>
  );
}

/** `Contract.function(name: value, ...)` and what it changes, old -> new, under `changesLabel`. */
export function CallView({ call, changesLabel }: { call: DescribedCall; changesLabel: I18nKey }) {
  const { t } = useTranslation();
  const name = call.fn
    ? `${call.contract}.${call.fn.name}`
    : call.contract
      ? `${call.contract} (${call.call.data.slice(0, 10)})`
      : formatAddress(call.call.target, "long");
  return (
    <div className="governance-call">
      <strong className="address-full">{name}</strong>
      {call.fn && call.fn.inputs.length > 0 && (
        <ul className="manager-changes">
          {call.fn.inputs.map((input, i) => (
            <li key={`${input.name}-${i}`}>
              <code>{input.name || `#${i + 1}`}</code>:{" "}
              <span className="address-full">{argText(call.args[i])}</span>
            </li>
          ))}
        </ul>
      )}
      {call.announce && (
        <p className="small" data-testid="announce-note">
          <Message
            message={announceMessage(
              call.announce,
              call.announce.exitWindow === undefined ? "?" : durationText(call.announce.exitWindow, t),
            )}
          />
        </p>
      )}
      {call.call.value > 0n && (
        <p className="small">{t("governance.value", { value: call.call.value.toString() })}</p>
      )}
      {call.changes && call.changes.length > 0 && (
        <>
          <p className="small muted">{t(changesLabel)}</p>
          <ChangeList changes={call.changes} />
        </>
      )}
      {call.changes?.length === 0 && <p className="small muted">{t("governance.noChange")}</p>}
    </div>
  );
}

/**
 * Timelock operations, decoded: state, calls with old -> new, when each can run (a countdown while
 * waiting), and the transactions that scheduled, ran or cancelled it. `actions` adds buttons (the
 * manager's Execute and Cancel).
 */
export function OperationList({
  operations,
  clock,
  label,
  actions,
}: {
  operations: readonly DescribedOperation[];
  /** the chain's clock (`useChainClock`) */
  clock: { now: bigint; offset: number };
  label: string;
  actions?: (op: DescribedOperation) => ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ol className="governance-ops" aria-label={label}>
      {operations.map((op) => {
        const status = operationStatus(op, clock.now);
        const at = readyAt(op);
        return (
          <li
            key={`${op.id}-${op.scheduled?.blockNumber ?? ""}`}
            className="governance-op"
            data-status={status}
          >
            <div className="governance-op-head">
              <span className={`tag governance-${status}`}>{t(`governance.status.${status}`)}</span>
              <code className="small muted" title={op.id}>
                {formatAddress(op.id, "compact")}
              </code>
            </div>
            {op.described.length === 0 ? (
              <p className="small muted">{t("governance.unknownCalls")}</p>
            ) : (
              op.described.map((call, i) => (
                <CallView key={i} call={call} changesLabel={CHANGES_LABEL[status]} />
              ))
            )}
            <dl className="kv governance-times">
              {at !== undefined && (
                <div>
                  <dt>{t("governance.readyAt")}</dt>
                  <dd data-testid="ready-at">{time(at)}</dd>
                </div>
              )}
              {status === "waiting" && at !== undefined && (
                <div>
                  <dt>{t("governance.countdown")}</dt>
                  <dd>
                    <Countdown targetSec={Number(at) - clock.offset} />
                  </dd>
                </div>
              )}
              <TxRow label={t("governance.scheduledTx")} tx={op.scheduled} />
              <TxRow label={t("governance.executedTx")} tx={op.executed} withTime />
              <TxRow label={t("governance.cancelledTx")} tx={op.cancelled} withTime />
            </dl>
            {actions?.(op)}
          </li>
        );
      })}
    </ol>
  );
}

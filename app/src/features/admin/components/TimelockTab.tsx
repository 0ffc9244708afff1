import { timelockAbi } from "@taichi/contracts";
import { useState } from "react";
import { type Abi, keccak256, stringToHex, zeroAddress } from "viem";
import { useClient, useConnection } from "wagmi";
import { ConfirmModal } from "../../../components/ConfirmModal";
import { Message } from "../../../components/Message";
import { useTranslation } from "../../../i18n";
import type { AppMessage } from "../../../i18n/keys";
import { useTransaction } from "../../../app/useTransaction";
import { appChain } from "../../../app/wagmi";
import { executeArgs, executeBlocker } from "../timelock";
import { operationStatus } from "../operations";
import { CallView } from "./OperationList";
import { TimelockQueue } from "./TimelockQueue";
import type { DescribedOperation } from "../calls";
import { useChainClock } from "../hooks/useChainClock";
import { useMinDelay } from "../hooks/useMinDelay";
import { adminReads } from "../reads";
import { timelockContract } from "../registry";
import { operationTargets } from "../confirm";
import { display } from "../fields";
import { useManagerRead } from "../hooks/useManagerRead";
import { ConfirmTargets } from "./ConfirmTargets";
import { type OperatorSafe, useManagerSources } from "../hooks/useIsManager";
import { useSafeTransaction } from "../hooks/useSafeProposals";
import type { SafeVia } from "../hooks/useAdminCall";
import { SafeNote } from "./SafeNote";
import { safeCallOf } from "../safe";

const formatTime = (seconds: bigint) => display({ kind: "time" }, seconds);

const EXECUTOR_ROLE = keccak256(stringToHex("EXECUTOR_ROLE"));
const CANCELLER_ROLE = keccak256(stringToHex("CANCELLER_ROLE"));

/** Whether `account` holds `role` on the timelock (a role held by the zero address is everyone's). */
function useRole(
  timelock: { address: `0x${string}`; abi: Abi },
  role: `0x${string}`,
  account?: `0x${string}`,
) {
  const own = useManagerRead(account && { ...timelock, functionName: "hasRole", args: [role, account] });
  const open = useManagerRead({ ...timelock, functionName: "hasRole", args: [role, zeroAddress] });
  return own.data === true || open.data === true;
}

type Action = "execute" | "cancel";
/**
 * `action` on `ops` (one, or every ready operation executed in one Safe transaction); `safe`: the Safe transaction
 * it becomes, when it goes through the operators' Safe.
 */
type Pending = { action: Action; ops: readonly DescribedOperation[]; safe?: SafeVia };

/**
 * The timelock's queue with Execute and Cancel (for the accounts holding the timelock's executor and
 * canceller roles), both through the shared transaction path. Execute is checked first: too early, it
 * says when the operation becomes ready and sends nothing. Each asks for confirmation first, naming the calls,
 * what they change and every address involved. An owner of the operators' Safe who lacks a role the Safe holds
 * acts through the Safe: the action becomes a Safe transaction of the timelock's `execute` (or `cancel`),
 * proposed like the manager area's changes and run once enough owners approved it (Safe tab). With several
 * operations ready, such an owner may execute them all in one Safe transaction (a MultiSend batch, all or none),
 * so the owners approve once.
 */
export function TimelockTab() {
  const { t } = useTranslation();
  const client = useClient({ chainId: appChain.id });
  const send = useTransaction();
  const timelock = timelockContract();
  const minDelay = useMinDelay(timelock);
  const { now } = useChainClock();
  const { address: account } = useConnection();
  const canExecute = useRole(timelock, EXECUTOR_ROLE, account);
  const canCancel = useRole(timelock, CANCELLER_ROLE, account);
  // the account's own role comes first; the Safe it owns acts for it where only the Safe holds the role
  const safe = useManagerSources(account).safe.data;
  const safeExecutes = useRole(timelock, EXECUTOR_ROLE, safe?.address);
  const safeCancels = useRole(timelock, CANCELLER_ROLE, safe?.address);
  const through: Record<Action, OperatorSafe | undefined> = {
    execute: canExecute || !safeExecutes ? undefined : safe,
    cancel: canCancel || !safeCancels ? undefined : safe,
  };
  const may: Record<Action, boolean> = {
    execute: canExecute || !!through.execute,
    cancel: canCancel || !!through.cancel,
  };
  const safeTransaction = useSafeTransaction();
  const [errors, setErrors] = useState<Record<string, AppMessage | undefined>>({});
  const [pending, setPending] = useState<Pending>();
  const base = { address: timelock.address, abi: timelockAbi } as const;

  /** The timelock call `action` on `op` is: `execute` / `executeBatch` of its calls, or `cancel` of its id. */
  const request = (action: Action, op: DescribedOperation) =>
    action === "execute"
      ? { ...base, ...executeArgs(op) }
      : { ...base, functionName: "cancel" as const, args: [op.id] as const };

  /**
   * Opens the confirm of `action` on `ops`, with the Safe transaction it becomes when it goes through the Safe
   * (several operations go only so).
   */
  async function review(action: Action, ops: readonly DescribedOperation[]) {
    const safeOwned = through[action];
    const via = safeOwned && (await safeTransaction.via(safeOwned));
    setPending({
      action,
      ops,
      safe: via && { ...via, calls: ops.map((op) => safeCallOf(request(action, op))) },
    });
  }

  /** Execute `ops` once none is refused (too early, gone): each refusal is said under its operation. */
  async function reviewExecute(ops: readonly DescribedOperation[]) {
    const blockers = await Promise.all(
      ops.map((op) => executeBlocker(adminReads(client!), timelock.address, op.id, now, formatTime)),
    );
    setErrors((e) => ({ ...e, ...Object.fromEntries(ops.map((op, i) => [op.id, blockers[i]])) }));
    if (blockers.every((b) => !b)) await review("execute", ops);
  }

  function confirm({ action, ops, safe: via }: Pending) {
    setPending(undefined);
    if (via) void safeTransaction.propose(via);
    else void send(request(action, ops[0]!) as never);
  }

  /** Through the Safe, with several operations ready: all of them in one Safe transaction. */
  const executeAll = (queued: readonly DescribedOperation[]) => {
    const ready = queued.filter((op) => operationStatus(op, now) === "ready");
    if (!through.execute || ready.length < 2) return null;
    return (
      <div className="manager-actions">
        <span className="tag">{t("manager.safe.tag")}</span>
        <button type="button" className="button" onClick={() => void reviewExecute(ready)}>
          {t("governance.executeAll", { count: ready.length })}
        </button>
      </div>
    );
  };

  return (
    <div role="tabpanel" aria-label={t("governance.tab")} className="manager-panel">
      <p className="small manager-note">{t("governance.tabNote")}</p>
      {!may.execute && !may.cancel && <p className="small muted">{t("governance.noRole")}</p>}
      <TimelockQueue
        timelock={timelock}
        minDelay={minDelay}
        header={executeAll}
        actions={(op) => (
          <>
            {errors[op.id] && (
              <p className="error-text" role="alert">
                <Message message={errors[op.id]!} />
              </p>
            )}
            <div className="manager-actions">
              {(through.execute || through.cancel) && <span className="tag">{t("manager.safe.tag")}</span>}
              {may.cancel && (
                <button
                  type="button"
                  className="button ghost danger"
                  onClick={() => {
                    setErrors((e) => ({ ...e, [op.id]: undefined }));
                    void review("cancel", [op]);
                  }}
                >
                  {t("governance.cancel")}
                </button>
              )}
              {may.execute && (
                <button type="button" className="button" onClick={() => void reviewExecute([op])}>
                  {t("governance.execute")}
                </button>
              )}
            </div>
          </>
        )}
      />
      {pending && (
        <ConfirmModal
          title={t(pending.action === "execute" ? "governance.confirmExecute" : "governance.confirmCancel")}
          confirmLabel={t(pending.action === "execute" ? "governance.execute" : "governance.cancel")}
          onCancel={() => setPending(undefined)}
          onConfirm={() => confirm(pending)}
        >
          <p className="modal-text">
            {t(
              pending.action === "execute" ? "governance.confirmExecuteText" : "governance.confirmCancelText",
            )}
          </p>
          {pending.ops.length > 1 && (
            <p className="modal-text">{t("governance.executeAllText", { count: pending.ops.length })}</p>
          )}
          {pending.ops.flatMap((op) =>
            op.described.map((call, i) => (
              <CallView key={`${op.id}-${i}`} call={call} changesLabel="governance.changes" />
            )),
          )}
          <ConfirmTargets
            targets={[
              ...pending.ops.flatMap((op, i) => operationTargets(timelock.address, op).slice(i ? 1 : 0)),
              ...(pending.safe
                ? [{ label: { key: "manager.target.safe" } as const, address: pending.safe.address }]
                : []),
            ]}
          />
          {pending.safe && (
            <SafeNote safe={pending.safe} title={`${pending.action}-${pending.ops[0]!.id.slice(0, 10)}`} />
          )}
        </ConfirmModal>
      )}
    </div>
  );
}

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

type Pending = { action: "execute" | "cancel"; op: DescribedOperation };

/**
 * The timelock's queue with Execute and Cancel (for the accounts holding the timelock's executor and
 * canceller roles), both through the shared transaction path. Execute is checked first: too early, it
 * says when the operation becomes ready and sends nothing. Each asks for confirmation first, naming the calls,
 * what they change and every address involved.
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
  const [errors, setErrors] = useState<Record<string, AppMessage | undefined>>({});
  const [pending, setPending] = useState<Pending>();
  const base = { address: timelock.address, abi: timelockAbi } as const;

  async function reviewExecute(op: DescribedOperation) {
    const blocker = await executeBlocker(adminReads(client!), timelock.address, op.id, now, formatTime);
    setErrors((e) => ({ ...e, [op.id]: blocker }));
    if (!blocker) setPending({ action: "execute", op });
  }

  function confirm({ action, op }: Pending) {
    setPending(undefined);
    if (action === "execute") void send({ ...base, ...executeArgs(op) } as never);
    else void send({ ...base, functionName: "cancel", args: [op.id] });
  }

  return (
    <div role="tabpanel" aria-label={t("governance.tab")} className="manager-panel">
      <p className="small manager-note">{t("governance.tabNote")}</p>
      {!canExecute && !canCancel && <p className="small muted">{t("governance.noRole")}</p>}
      <TimelockQueue
        timelock={timelock}
        minDelay={minDelay}
        actions={(op) => (
          <>
            {errors[op.id] && (
              <p className="error-text" role="alert">
                <Message message={errors[op.id]!} />
              </p>
            )}
            <div className="manager-actions">
              {canCancel && (
                <button
                  type="button"
                  className="button ghost danger"
                  onClick={() => {
                    setErrors((e) => ({ ...e, [op.id]: undefined }));
                    setPending({ action: "cancel", op });
                  }}
                >
                  {t("governance.cancel")}
                </button>
              )}
              {canExecute && (
                <button type="button" className="button" onClick={() => void reviewExecute(op)}>
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
          {pending.op.described.map((call, i) => (
            <CallView key={i} call={call} changesLabel="governance.changes" />
          ))}
          <ConfirmTargets targets={operationTargets(timelock.address, pending.op)} />
        </ConfirmModal>
      )}
    </div>
  );
}

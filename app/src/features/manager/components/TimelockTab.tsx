import { timelockAbi } from "@taichi/contracts";
import { useState } from "react";
import { type Abi, keccak256, stringToHex, zeroAddress } from "viem";
import { useClient, useConnection } from "wagmi";
import { Message } from "../../../components/Message";
import { useTranslation } from "../../../i18n";
import type { AppMessage } from "../../../i18n/keys";
import { useTransaction } from "../../../lib/useTransaction";
import { appChain } from "../../../wagmi";
import { executeArgs, executeBlocker } from "../../governance/chain";
import { TimelockQueue } from "../../governance/components/TimelockQueue";
import {
  type DescribedOperation,
  timelockContract,
  useChainClock,
  useMinDelay,
} from "../../governance/hooks/useTimelock";
import { auditReads } from "../audit";
import { display } from "../fields";
import { useManagerRead } from "../hooks/useManagerRead";

const formatTime = (seconds: bigint) => display({ kind: "time" }, seconds);

const EXECUTOR_ROLE = keccak256(stringToHex("EXECUTOR_ROLE"));
const CANCELLER_ROLE = keccak256(stringToHex("CANCELLER_ROLE"));

/** Whether `account` holds `role` on the timelock (a role held by the zero address is everyone's). */
function useRole(
  timelock: { address: `0x${string}`; abi: Abi } | undefined,
  role: `0x${string}`,
  account?: `0x${string}`,
) {
  const own = useManagerRead(
    timelock && account && { ...timelock, functionName: "hasRole", args: [role, account] },
  );
  const open = useManagerRead(
    timelock && { ...timelock, functionName: "hasRole", args: [role, zeroAddress] },
  );
  return own.data === true || open.data === true;
}

/**
 * The timelock's queue with Execute and Cancel (for the accounts holding the timelock's executor and
 * canceller roles), both through the shared transaction path. Execute is checked first: too early, it
 * says when the operation becomes ready and sends nothing.
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
  if (!timelock) return <p className="muted">{t("governance.noTimelock")}</p>;
  const base = { address: timelock.address, abi: timelockAbi } as const;

  async function execute(op: DescribedOperation) {
    const blocker = await executeBlocker(auditReads(client!), timelock!.address, op.id, now, formatTime);
    setErrors((e) => ({ ...e, [op.id]: blocker }));
    if (blocker) return;
    await send({ ...base, ...executeArgs(op) } as never);
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
                  onClick={() => void send({ ...base, functionName: "cancel", args: [op.id] })}
                >
                  {t("governance.cancel")}
                </button>
              )}
              {canExecute && (
                <button type="button" className="button" onClick={() => void execute(op)}>
                  {t("governance.execute")}
                </button>
              )}
            </div>
          </>
        )}
      />
    </div>
  );
}

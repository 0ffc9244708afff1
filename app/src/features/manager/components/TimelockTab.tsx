import { timelockAbi } from "@taichi/contracts";
import { useState } from "react";
import { useClient } from "wagmi";
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

const formatTime = (seconds: bigint) => display({ kind: "time" }, seconds);

/**
 * The timelock's queue with Execute and Cancel, both through the shared transaction path. Execute is
 * checked first: too early, it says when the operation becomes ready and sends nothing.
 */
export function TimelockTab() {
  const { t } = useTranslation();
  const client = useClient({ chainId: appChain.id });
  const send = useTransaction();
  const timelock = timelockContract();
  const minDelay = useMinDelay(timelock);
  const { now } = useChainClock();
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
              <button
                type="button"
                className="button ghost danger"
                onClick={() => void send({ ...base, functionName: "cancel", args: [op.id] })}
              >
                {t("governance.cancel")}
              </button>
              <button type="button" className="button" onClick={() => void execute(op)}>
                {t("governance.execute")}
              </button>
            </div>
          </>
        )}
      />
    </div>
  );
}

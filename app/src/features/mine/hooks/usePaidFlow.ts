import { usdtAbi } from "@taichi/contracts";
import { useCallback, useState } from "react";
import type { Address, Hash } from "viem";
import type { AppMessage } from "../../../i18n/keys";
import { useTransaction } from "../../../app/useTransaction";
import { appChain } from "../../../app/wagmi";
import { type PaymentDue, mineApi } from "../api";
import { type PaidResult, type PayStep, type PendingPayment, runPaidFlow, submitPaid } from "../logic";
import { usePendingStore } from "./usePendingPayments";
import { errorMessage } from "../errors";
import { useRefreshMine } from "./useRefreshMine";

/** The backend call that books a kept payment. */
export function submitPending(p: PendingPayment): Promise<unknown> {
  if (p.kind === "machine") return mineApi.buyMachine(p.id, p.num, p.hash);
  if (p.kind === "node") return mineApi.buyNode(p.id, p.hash);
  return mineApi.withdraw(p.num, p.creditType, p.hash);
}

export type PaidFlowState = { step: PayStep; message?: AppMessage; hash?: Hash };

/**
 * One paid action's state: check -> USDT transfer to the treasury through the one write path ->
 * submit the hash. A paid hash is kept (localStorage) until the backend accepts it.
 */
export function usePaidFlow(address: Address | undefined) {
  const send = useTransaction();
  const refresh = useRefreshMine();
  const [state, setState] = useState<PaidFlowState>({ step: "idle" });

  const finish = useCallback(
    async (result: PaidResult) => {
      if (result.step === "done") {
        setState({ step: "done", hash: result.hash });
        await refresh();
      } else if (result.step === "unsubmitted") {
        setState({ step: "unsubmitted", hash: result.hash, message: errorMessage(result.error) });
      } else {
        setState({ step: "failed", message: result.message ?? errorMessage(result.error) });
      }
      return result;
    },
    [refresh],
  );

  const run = useCallback(
    async (check: () => Promise<PaymentDue>, pending: (hash: Hash) => PendingPayment) => {
      if (!address) return;
      const store = usePendingStore.getState();
      const result = await runPaidFlow({
        chainId: appChain.id,
        check,
        pay: (c) =>
          send({
            address: c.token,
            abi: usdtAbi,
            functionName: "transfer",
            args: [c.treasury, BigInt(c.amount)],
          }),
        submit: (hash) => submitPending(pending(hash)),
        keep: (hash) => store.keep(address, pending(hash)),
        forget: (hash) => store.forget(address, hash),
        onStep: (step) => setState((s) => ({ ...s, step, message: undefined })),
      });
      return finish(result);
    },
    [address, finish, send],
  );

  const retry = useCallback(
    async (p: PendingPayment) => {
      if (!address) return;
      const store = usePendingStore.getState();
      const result = await submitPaid(
        {
          submit: () => submitPending(p),
          keep: () => store.keep(address, p),
          forget: (hash) => store.forget(address, hash),
          onStep: (step) => setState((s) => ({ ...s, step, message: undefined })),
        },
        p.hash,
      );
      return finish(result);
    },
    [address, finish],
  );

  const busy = state.step === "checking" || state.step === "paying" || state.step === "submitting";
  return { state, run, retry, busy, reset: () => setState({ step: "idle" }) };
}

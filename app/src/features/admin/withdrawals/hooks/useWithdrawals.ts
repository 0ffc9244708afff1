import * as erc20 from "@taichi/contracts/abi/functions/Usdt.ts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback } from "react";
import type { Address, Hash } from "viem";
import { useConfig, useConnection } from "wagmi";
import { signInToApi } from "../../../../app/apiSignIn";
import { useAppStore } from "../../../../app/store";
import { useTransaction } from "../../../../app/useTransaction";
import type { AppMessage } from "../../../../i18n/keys";
import { ApiError } from "../../../../lib/api";
import { contractAddress } from "../../../../lib/deployments";
import { parseError } from "../../../../lib/errors";
import { operatorApi } from "../api";
import { type OperatorAction, type StatusFilter, type Withdrawal, listBody, payoutToken } from "../logic";

/** Every query of the console: refetched after each move. */
const WITHDRAWALS_KEY = "operator-withdrawals";

/** What a failed call shows: the API's refusal (its `msg`), or the wallet's or network's error. */
export function failure(err: unknown): AppMessage {
  return err instanceof ApiError ? err.appMessage : parseError(err);
}

/** The connected wallet and its API session: the console needs both (operators sign in like members). */
export function useOperatorSession() {
  const config = useConfig();
  const { address } = useConnection();
  const isLogin = useAppStore((s) => s.isLogin);
  const signIn = useCallback(async () => {
    if (address) await signInToApi(config, address);
  }, [address, config]);
  return { address, isLogin, signIn };
}

/** One page of the queue for the filters; disabled until signed in and while the filters are invalid. */
export function useWithdrawalList(filter: { status: StatusFilter; member: string }, page: number) {
  const { address, isLogin } = useOperatorSession();
  const lang = useAppStore((s) => s.lang);
  const body = listBody(filter, page);
  const query = useQuery({
    queryKey: [WITHDRAWALS_KEY, address, lang, body.ok ? body.body : null],
    queryFn: () => operatorApi.list(body.ok ? body.body : {}),
    enabled: !!address && isLogin && body.ok,
    retry: false,
  });
  return { ...query, invalidFilter: body.ok ? undefined : body.message };
}

/** The four moves; each refreshes the list once the API took it. `hash`: the payout (pay); `reason`: reject and refund. */
export function useOperatorAction() {
  const queryClient = useQueryClient();
  return useCallback(
    async (action: OperatorAction, w: Withdrawal, details: { reason?: string; hash?: Hash } = {}) => {
      const moved =
        action === "approve"
          ? await operatorApi.approve(w.id)
          : action === "pay"
            ? await operatorApi.pay(w.id, details.hash!)
            : await operatorApi.reject(w.id, details.reason!);
      await queryClient.invalidateQueries({ queryKey: [WITHDRAWALS_KEY] });
      return moved;
    },
    [queryClient],
  );
}

/** Sends the payout from the connected wallet: exactly the amount of the request's token, to the member. */
export function useSendPayout() {
  const send = useTransaction();
  return useCallback(
    (w: Withdrawal) =>
      send({
        address: contractAddress(payoutToken(w.creditType)),
        abi: [erc20.transfer],
        functionName: "transfer",
        args: [w.address as Address, BigInt(w.amount)],
      }),
    [send],
  );
}

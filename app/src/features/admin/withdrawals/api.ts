import type { Hash } from "viem";
import { useAppStore } from "../../../app/store";
import { createApiClient, type ApiPayload } from "../../../lib/api";
import { env } from "../../../lib/env";
import { STORAGE_KEYS, readStored } from "../../../lib/storage";
import type { Withdrawal, WithdrawalPage } from "./logic";

/**
 * The operator routes (`admin/*`) through the app's API client, the member's sign-in token included,
 * without its toasts: the console shows every refusal where it happened (the list, the dialog).
 */
const operatorPost = createApiClient({
  baseUrl: env.apiBase,
  getToken: () => readStored(STORAGE_KEYS.loginToken),
  getLang: () => useAppStore.getState().lang,
  onSessionInvalid: () => useAppStore.getState().setLogin(false),
  notify: () => {},
});

export const operatorApi = {
  list: (body: ApiPayload) => operatorPost<WithdrawalPage>("admin/withdrawalList", body),
  approve: (id: number) => operatorPost<Withdrawal>("admin/withdrawalApprove", { id }),
  reject: (id: number, reason: string) => operatorPost<Withdrawal>("admin/withdrawalReject", { id, reason }),
  pay: (id: number, hash: Hash) => operatorPost<Withdrawal>("admin/withdrawalPay", { id, hash }),
};

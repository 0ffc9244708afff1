import { useInfiniteQuery, useQuery, useQueryClient } from "@tanstack/react-query";
import { useCallback, useState } from "react";
import type { Address, Hash } from "viem";
import { useConfig } from "wagmi";
import { signMessage } from "wagmi/actions";
import type { AppMessage } from "../../../i18n/keys";
import { parseError } from "../../../lib/errors";
import { ApiError } from "../../../lib/api";
import { STORAGE_KEYS, useAppStore, writeStored } from "../../../store";
import { type CreditType, mineApi } from "../api";
import { nextPage } from "../logic";

/** Query keys of `/mine`; everything under MINE_KEY is refetched after a sign-in or a payment. */
export const MINE_KEY = "mine";

/** A backend read of `/mine`: no automatic retry (a refusal is shown once, as a toast). */
function useMineQuery<T>(key: readonly unknown[], fn: () => Promise<T>, enabled = true) {
  const lang = useAppStore((s) => s.lang);
  return useQuery({ queryKey: [MINE_KEY, lang, ...key], queryFn: fn, enabled, retry: false });
}

/** What an error shows inline: the backend's message, a wallet error, or the generic one. */
export function errorMessage(err: unknown): AppMessage {
  if (err instanceof ApiError) return err.appMessage;
  return parseError(err);
}

export const useMachineTypes = () => useMineQuery(["machineTypeList"], mineApi.machineTypeList);
export const useMachineDetail = (type: number | undefined) =>
  useMineQuery(["machineDetail", type], () => mineApi.machineDetail(type ?? 0), type !== undefined);
export const useNodeList = () => useMineQuery(["nodeList"], mineApi.nodeList);

/** Member reads: only while signed in (`isLogin`) as this address. */
export function useMemberQueries(address: Address | undefined, member: boolean) {
  const on = !!address && member;
  return {
    my: useMineQuery(["my", address], mineApi.my, on),
    machines: useMineQuery(["buyMachineLog", address], mineApi.buyMachineLog, on),
    power: useMineQuery(["powerLog", address], mineApi.powerLog, on),
    team: useMineQuery(["teamInfo", address], mineApi.teamInfo, on),
  };
}

export const useWalletPage = (address: Address | undefined, creditType: CreditType, page: number) =>
  useMineQuery(
    ["walletList", address, creditType, page],
    () => mineApi.walletList(creditType, page),
    !!address,
  );

/** The direct referrals of the member (or of `userId` in its team), a page at a time: `fetchNextPage` loads more. */
export function useRecommendList(address: Address | undefined, userId: number | undefined) {
  const lang = useAppStore((s) => s.lang);
  return useInfiniteQuery({
    queryKey: [MINE_KEY, lang, "recommendList", address, userId ?? 0],
    queryFn: ({ pageParam }) => mineApi.recommendList(userId, pageParam),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    enabled: !!address,
    retry: false,
  });
}

/** isRegister of the backend for this address (public; enabled while signed in). */
export const useIsRegistered = (address: Address | undefined, enabled: boolean) =>
  useMineQuery(["isRegister", address], () => mineApi.isRegister(address!), !!address && enabled);

/** Refetches every `/mine` read (after a sign-in, registration or payment). */
export function useRefreshMine() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: [MINE_KEY] }), [queryClient]);
}

/**
 * Sign-in (EIP-4361): `nonce` -> the wallet signs the server's message (personal_sign) -> `login`;
 * the token is stored as `loginToken` and the login flag turns true.
 */
export function useSignIn(address: Address | undefined) {
  const config = useConfig();
  const refresh = useRefreshMine();
  const setLogin = useAppStore((s) => s.setLogin);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppMessage>();

  const signIn = useCallback(async () => {
    if (!address) return;
    setBusy(true);
    setError(undefined);
    try {
      const { message } = await mineApi.nonce(address);
      const signature: Hash = await signMessage(config, { account: address, message });
      const { token } = await mineApi.login(message, signature);
      writeStored(STORAGE_KEYS.loginToken, token);
      setLogin(true);
      await refresh();
    } catch (err) {
      console.error("sign-in failed", err);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }, [address, config, refresh, setLogin]);

  return { signIn, busy, error };
}

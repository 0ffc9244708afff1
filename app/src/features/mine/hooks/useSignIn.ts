import { useCallback, useState } from "react";
import type { Address, Hash } from "viem";
import { useConfig } from "wagmi";
import { signMessage } from "wagmi/actions";
import type { AppMessage } from "../../../i18n/keys";
import { useAppStore } from "../../../app/store";
import { mineApi } from "../api";
import { STORAGE_KEYS, writeStored } from "../../../lib/storage";
import { errorMessage } from "../errors";
import { useRefreshMine } from "./useRefreshMine";

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

import { useCallback, useState } from "react";
import type { Address } from "viem";
import { useConfig } from "wagmi";
import type { AppMessage } from "../../../i18n/keys";
import { signInToApi } from "../../../app/apiSignIn";
import { errorMessage } from "../errors";
import { useRefreshMine } from "./useRefreshMine";

/** Sign-in (EIP-4361, `signInToApi`), then the member's reads again. */
export function useSignIn(address: Address | undefined) {
  const config = useConfig();
  const refresh = useRefreshMine();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppMessage>();

  const signIn = useCallback(async () => {
    if (!address) return;
    setBusy(true);
    setError(undefined);
    try {
      await signInToApi(config, address);
      await refresh();
    } catch (err) {
      console.error("sign-in failed", err);
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }, [address, config, refresh]);

  return { signIn, busy, error };
}

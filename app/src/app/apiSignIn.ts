import type { RouteData } from "@taichi/api";
import type { Address, Hash } from "viem";
import type { Config } from "wagmi";
import { signMessage } from "wagmi/actions";
import { STORAGE_KEYS, writeStored } from "../lib/storage";
import { investApi } from "./backend";
import { useAppStore } from "./store";

/**
 * Signs `address` in to the API (EIP-4361): `nonce` -> the wallet signs the server's message
 * (personal_sign) -> `login`; the token is stored as `loginToken` and the login flag turns true. One
 * sign-in for members (/mine) and operators (the manager area's withdrawals).
 */
export async function signInToApi(config: Config, address: Address): Promise<void> {
  const { message } = await investApi<RouteData<"nonce">>("nonce", { address });
  const signature: Hash = await signMessage(config, { account: address, message });
  const { token } = await investApi<RouteData<"login">>("login", { message, signature });
  writeStored(STORAGE_KEYS.loginToken, token);
  useAppStore.getState().setLogin(true);
}

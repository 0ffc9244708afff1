import { STORAGE_KEYS, readStored, toast, useAppStore } from "../store";
import { createApiClient } from "./api";
import { env } from "./env";

/** The app's backend client (the /mine API): `await investApi<Home>("home")`. */
export const investApi = createApiClient({
  baseUrl: env.apiBase,
  getToken: () => readStored(STORAGE_KEYS.loginToken),
  getLang: () => useAppStore.getState().lang,
  onSessionInvalid: () => useAppStore.getState().setLogin(false),
  notify: (message) => toast("error", message),
});

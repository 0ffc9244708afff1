import type { Address } from "viem";
import { mineApi } from "../api";
import { useMineQuery } from "./useMineQuery";

/** isRegister of the backend for this address (public; enabled while signed in). */
export const useIsRegistered = (address: Address | undefined, enabled: boolean) =>
  useMineQuery(["isRegister", address], () => mineApi.isRegister(address!), !!address && enabled);

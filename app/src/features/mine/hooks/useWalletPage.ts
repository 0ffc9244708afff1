import type { Address } from "viem";
import { type CreditType, mineApi } from "../api";
import { useMineQuery } from "./useMineQuery";

export const useWalletPage = (address: Address | undefined, creditType: CreditType, page: number) =>
  useMineQuery(
    ["walletList", address, creditType, page],
    () => mineApi.walletList(creditType, page),
    !!address,
  );

import type { Address } from "viem";
import { useConnection } from "wagmi";
import { appChain } from "./wagmi";

export type AppConnection = {
  address: Address | undefined;
  isConnected: boolean;
  /** connected, but the wallet is on another chain than VITE_CHAIN_ID */
  wrongChain: boolean;
  /** connected and on the configured chain */
  ready: boolean;
  /** connecting or restoring the previous session on load */
  isSettling: boolean;
  /**
   * lay out what a connected member sees: ready, or a returning member's session being restored (its
   * reads wait for the account), so the page does not first show a visitor's and then move
   */
  accountExpected: boolean;
};

export function useAppConnection(): AppConnection {
  const { address, status, chainId } = useConnection();
  const isConnected = status === "connected" && !!address;
  const wrongChain = isConnected && chainId !== appChain.id;
  const ready = isConnected && !wrongChain;
  return {
    address: isConnected ? address : undefined,
    isConnected,
    wrongChain,
    ready,
    isSettling: status === "connecting" || status === "reconnecting",
    accountExpected: ready || status === "reconnecting",
  };
}

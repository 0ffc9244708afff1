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
};

export function useAppConnection(): AppConnection {
  const { address, status, chainId } = useConnection();
  const isConnected = status === "connected" && !!address;
  const wrongChain = isConnected && chainId !== appChain.id;
  return {
    address: isConnected ? address : undefined,
    isConnected,
    wrongChain,
    ready: isConnected && !wrongChain,
    isSettling: status === "connecting" || status === "reconnecting",
  };
}

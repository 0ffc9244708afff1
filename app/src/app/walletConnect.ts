import { walletConnect } from "wagmi/connectors";

/**
 * The WalletConnect connector (phone wallets by QR code on a computer, or by the wallet list on a
 * phone). `wagmi.ts` imports this module only when VITE_WALLETCONNECT_PROJECT_ID is set; the
 * WalletConnect provider itself loads when the member picks it.
 */
export function walletConnectConnector(projectId: string, url: string) {
  return walletConnect({
    projectId,
    showQrModal: true,
    metadata: { name: "TAICHI", description: "TAICHI", url, icons: [`${url}/favicon.svg`] },
  });
}

import { useState } from "react";
import { useTranslation } from "react-i18next";
import { type Connector, useConnect, useConnection, useConnectors, useDisconnect } from "wagmi";
import { Modal } from "../../../components/Modal";
import { parseError } from "../../../lib/errors";
import { useAppStore } from "../../../store";
import { appChain } from "../../../wagmi";
import { AddTokenButtons } from "./AddTokenButton";
import { RecentTransactions } from "./RecentTransactions";

/** Wallets to offer: every EIP-6963 one; the plain `window.ethereum` connector only when none announced. */
export function pickableConnectors(
  connectors: readonly Connector[],
  hasWindowEthereum: boolean,
): Connector[] {
  const announced = connectors.filter((c) => c.id !== "injected");
  if (announced.length > 0) return announced;
  return hasWindowEthereum ? connectors.filter((c) => c.id === "injected") : [];
}

function WalletList({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const connectors = useConnectors();
  const { mutateAsync: connect, isPending, variables } = useConnect();
  const [failed, setFailed] = useState(false);
  const toast = useAppStore((s) => s.toast);
  const hasWindowEthereum = typeof window !== "undefined" && !!(window as { ethereum?: unknown }).ethereum;
  const wallets = pickableConnectors(connectors, hasWindowEthereum);

  if (wallets.length === 0) {
    return (
      <p className="modal-text error-text" role="alert">
        {t("wallet.noWallet")}
      </p>
    );
  }

  const pick = async (connector: Connector) => {
    setFailed(false);
    try {
      await connect({ connector });
      onDone();
    } catch (err) {
      if ((err as { name?: string }).name === "ConnectorAlreadyConnectedError") return onDone();
      console.error("connect failed", err);
      setFailed(true);
      toast("error", parseError(err));
    }
  };

  return (
    <ul className="wallet-list">
      {wallets.map((connector) => {
        const name = connector.id === "injected" ? t("wallet.browserWallet") : connector.name;
        const busy = isPending && variables?.connector === connector && !failed;
        return (
          <li key={connector.uid}>
            <button
              type="button"
              className="wallet-option"
              disabled={isPending}
              onClick={() => void pick(connector)}
            >
              {connector.icon ? (
                <img src={connector.icon} alt="" width={28} height={28} />
              ) : (
                <span className="wallet-icon-fallback" aria-hidden="true" />
              )}
              <span>{name}</span>
              {busy && (
                <span className="muted small" aria-hidden="true">
                  {t("wallet.connecting")}
                </span>
              )}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Wallet picker (not connected) / account panel with disconnect (connected). */
export function WalletPicker() {
  const { t } = useTranslation();
  const open = useAppStore((s) => s.walletPickerOpen);
  const setOpen = useAppStore((s) => s.setWalletPickerOpen);
  const { address, status, chain, chainId } = useConnection();
  const { mutate: disconnect } = useDisconnect();
  if (!open) return null;
  const close = () => setOpen(false);

  if (status === "connected" && address) {
    return (
      <Modal title={t("wallet.accountTitle")} onClose={close} className="picker-layer">
        <p className="address-full">{address}</p>
        <p className="muted">
          {t("wallet.network")}: {chain?.name ?? `#${chainId}`}
          {chainId !== appChain.id ? ` (≠ ${appChain.name})` : ""}
        </p>
        {chainId === appChain.id && <AddTokenButtons />}
        <RecentTransactions />
        <div className="modal-actions">
          <button
            type="button"
            className="button ghost"
            onClick={() => {
              disconnect();
              close();
            }}
          >
            {t("wallet.disconnect")}
          </button>
        </div>
      </Modal>
    );
  }

  return (
    <Modal title={t("wallet.connectTitle")} onClose={close} className="picker-layer">
      <WalletList onDone={close} />
    </Modal>
  );
}

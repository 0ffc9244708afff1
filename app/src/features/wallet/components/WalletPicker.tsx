import { useState } from "react";
import { useTranslation } from "../../../i18n";
import { type Connector, useConfig, useConnection, useConnectors } from "wagmi";
import { connect, disconnect } from "wagmi/actions";
import { Modal } from "../../../components/Modal";
import { parseError } from "../../../lib/errors";
import { useAppStore } from "../../../app/store";
import { appChain } from "../../../app/wagmi";
import { walletLinks } from "../deepLinks";
import { AddTokenButtons } from "./AddTokenButton";
import { RecentTransactions } from "./RecentTransactions";
import { GasAndApprovals } from "./GasAndApprovals";
import { AddressLink } from "../../../components/AddressLink";

/**
 * Wallets to offer: every EIP-6963 one (the plain `window.ethereum` connector only when none announced),
 * then the others (WalletConnect, when configured).
 */
export function pickableConnectors(
  connectors: readonly Connector[],
  hasWindowEthereum: boolean,
): Connector[] {
  const injected = connectors.filter((c) => c.type === "injected");
  const announced = injected.filter((c) => c.id !== "injected");
  const browser = announced.length > 0 ? announced : hasWindowEthereum ? injected : [];
  return [...browser, ...connectors.filter((c) => c.type !== "injected")];
}

/** No wallet in this browser: open the page in a phone wallet's browser, or install one. */
function NoWallet() {
  const { t } = useTranslation();
  return (
    <div className="no-wallet">
      <p className="modal-text" role="alert">
        {t("wallet.noWallet")}
      </p>
      <ul className="wallet-links">
        {walletLinks(window.location.href, appChain.id).map((w) => (
          <li key={w.name}>
            <a className="button ghost small" href={w.open}>
              {t("wallet.openIn", { wallet: w.name })}
            </a>
            <a className="small" href={w.install} target="_blank" rel="noopener noreferrer">
              {t("wallet.install", { wallet: w.name })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function WalletList({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const config = useConfig();
  const connectors = useConnectors();
  // The wagmi actions, not useConnect/useDisconnect: those hooks bring TanStack's mutations to `/`.
  const [pending, setPending] = useState<Connector>();
  const toast = useAppStore((s) => s.toast);
  const hasWindowEthereum = typeof window !== "undefined" && !!(window as { ethereum?: unknown }).ethereum;
  const wallets = pickableConnectors(connectors, hasWindowEthereum);

  const hasBrowserWallet = wallets.some((c) => c.type === "injected");

  const pick = async (connector: Connector) => {
    setPending(connector);
    try {
      await connect(config, { connector });
      onDone();
    } catch (err) {
      if ((err as { name?: string }).name === "ConnectorAlreadyConnectedError") return onDone();
      console.error("connect failed", err);
      toast("error", parseError(err));
    } finally {
      setPending(undefined);
    }
  };

  return (
    <>
      {!hasBrowserWallet && <NoWallet />}
      <ul className="wallet-list">
        {wallets.map((connector) => {
          const name = connector.id === "injected" ? t("wallet.browserWallet") : connector.name;
          const busy = pending === connector;
          return (
            <li key={connector.uid}>
              <button
                type="button"
                className="wallet-option"
                disabled={!!pending}
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
    </>
  );
}

/** Wallet picker (not connected) / account panel with disconnect (connected). */
export function WalletPicker() {
  const { t } = useTranslation();
  const open = useAppStore((s) => s.walletPickerOpen);
  const setOpen = useAppStore((s) => s.setWalletPickerOpen);
  const config = useConfig();
  const { address, status, chain, chainId } = useConnection();
  if (!open) return null;
  const close = () => setOpen(false);

  if (status === "connected" && address) {
    return (
      <Modal title={t("wallet.accountTitle")} onClose={close} className="picker-layer">
        <p>
          <AddressLink address={address} width="full" />
        </p>
        <p className="muted">
          {t("wallet.network")}: {chain?.name ?? `#${chainId}`}
          {chainId !== appChain.id ? ` (≠ ${appChain.name})` : ""}
        </p>
        <GasAndApprovals address={address} />
        {chainId === appChain.id && <AddTokenButtons />}
        <RecentTransactions />
        <div className="modal-actions">
          <button
            type="button"
            className="button ghost"
            onClick={() => {
              disconnect(config).catch((err: unknown) => console.error("disconnect failed", err));
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

import type { Connector } from "wagmi";
import { describe, expect, it } from "vitest";
import { pickableConnectors } from "./WalletPicker";

const connector = (id: string, name: string, type = "injected") =>
  ({ id, name, uid: id, type }) as unknown as Connector;
const generic = connector("injected", "Injected");
const metaMask = connector("io.metamask", "MetaMask");
const okx = connector("com.okex.wallet", "OKX Wallet");
const walletConnect = connector("walletConnect", "WalletConnect", "walletConnect");

describe("pickableConnectors", () => {
  it("offers every EIP-6963 wallet, without the generic window.ethereum entry", () => {
    expect(pickableConnectors([generic, metaMask, okx], true)).toEqual([metaMask, okx]);
  });

  it("falls back to window.ethereum when no wallet announced itself", () => {
    expect(pickableConnectors([generic], true)).toEqual([generic]);
  });

  it("offers nothing (install-wallet message) when there is no wallet at all", () => {
    expect(pickableConnectors([generic], false)).toEqual([]);
  });

  it("offers WalletConnect, when configured, after the browser's wallets, or alone without one", () => {
    expect(pickableConnectors([generic, metaMask, walletConnect], true)).toEqual([metaMask, walletConnect]);
    expect(pickableConnectors([generic, walletConnect], false)).toEqual([walletConnect]);
  });
});

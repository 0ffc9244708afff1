import { describe, expect, it } from "vitest";
import { appChain } from "../../app/wagmi";
import { pickableConnectors } from "./components/WalletPicker";
import { walletConnectConnector } from "../../app/walletConnect";

describe("walletConnectConnector", () => {
  it("is wagmi's WalletConnect connector, offered by the wallet picker beside the browser's wallets", () => {
    const connector = walletConnectConnector(
      "c4f79cc821944d9680842e34466bfbd9",
      "https://taichi.example",
    )({
      chains: [appChain],
      emitter: { emit() {}, on() {}, off() {}, once() {} },
      storage: null,
      transports: undefined,
    } as never);
    expect(connector).toMatchObject({ id: "walletConnect", name: "WalletConnect", type: "walletConnect" });
    expect(pickableConnectors([connector as never], false)).toEqual([connector]);
  });
});

import { describe, expect, it } from "vitest";
import { createConfig, createConnector, http } from "wagmi";
import { connect } from "wagmi/actions";
import { mock, safe } from "wagmi/connectors";
import { foundry } from "viem/chains";
import { wagmiDriver } from "./useTransaction";

const account = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

/** wagmi's mock connector, as `type` says: a wallet, or the Safe connector of a Safe App. */
function connectorOfType(type: string) {
  return createConnector((config) => ({ ...mock({ accounts: [account] })(config), id: type, type }));
}

async function connectedDriver(type: string) {
  const connector = connectorOfType(type);
  const config = createConfig({
    chains: [foundry],
    connectors: [connector],
    transports: { [foundry.id]: http("http://127.0.0.1:1") },
  });
  await connect(config, { connector: config.connectors[0]! });
  return wagmiDriver(config, foundry.id);
}

describe("wagmiDriver's connection", () => {
  it("is a Safe App's when wagmi's Safe connector connected it: writes propose Safe transactions", async () => {
    expect((await connectedDriver(safe.type)).connection()).toEqual({
      address: account,
      chainId: foundry.id,
      safeApp: true,
    });
  });

  it.each(["injected", "walletConnect", "coinbaseWallet", "mock"])(
    "is an ordinary wallet's with any other connector (%s): writes are transactions with receipts",
    async (type) => {
      expect((await connectedDriver(type)).connection()).toEqual({
        address: account,
        chainId: foundry.id,
        safeApp: false,
      });
    },
  );
});

/**
 * A real anvil for the server's chain tests (127.0.0.1 only): start it on a port, deploy the mock USDT
 * from the contracts build (contracts/out/Usdt.sol/Usdt.json; the server's pretest runs `forge build`),
 * mint, and send transfers as a wallet does.
 */
import { spawn } from "node:child_process";
import { createServer, type AddressInfo } from "node:net";
import path from "node:path";
import { loadArtifact } from "@taichi/contracts/scripts/artifacts.ts";
import { createTestClient, createWalletClient, http, publicActions, type Address, type Hash } from "viem";
import type { PrivateKeyAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { REPO_ROOT } from "../src/env.ts";

const ANVIL = path.join(REPO_ROOT, "node_modules", ".bin", "anvil");

let usdtArtifact: ReturnType<typeof loadArtifact> | undefined;
/** Read when first needed, so a file that imports this module but skips its tests needs no build. */
const usdt = () => (usdtArtifact ??= loadArtifact("Usdt"));

export type Anvil = Awaited<ReturnType<typeof startAnvil>>;

/** A port free on 127.0.0.1 right now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** anvil on `port` (default: a free one). */
export async function startAnvil(port?: number) {
  port ??= await freePort();
  const rpc = `http://127.0.0.1:${port}`;
  const child = spawn(ANVIL, ["--port", String(port), "--host", "127.0.0.1", "--silent"], {
    stdio: "ignore",
  });
  const client = createTestClient({ chain: foundry, mode: "anvil", transport: http(rpc) }).extend(
    publicActions,
  );
  const wallet = (account: PrivateKeyAccount) =>
    createWalletClient({ account, chain: foundry, transport: http(rpc) });
  for (let attempt = 0; ; attempt++) {
    try {
      await client.getChainId();
      break;
    } catch (error) {
      if (attempt >= 100 || child.exitCode !== null)
        throw new Error(`anvil did not start on ${rpc}`, { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    rpc,
    client,
    wallet,
    async deployToken(deployer: PrivateKeyAccount): Promise<Address> {
      const hash = await wallet(deployer).deployContract({
        abi: usdt().abi,
        bytecode: usdt().bytecode,
      });
      return (await client.waitForTransactionReceipt({ hash })).contractAddress!;
    },
    /** Sends `amount` of `token` from `from` to `to` and waits for the receipt; `gas` forces a limit. */
    async transfer(
      token: Address,
      from: PrivateKeyAccount,
      to: Address,
      amount: bigint,
      gas?: bigint,
    ): Promise<Hash> {
      const hash = await wallet(from).writeContract({
        address: token,
        abi: usdt().abi,
        functionName: "transfer",
        args: [to, amount],
        ...(gas ? { gas } : {}),
      });
      await client.waitForTransactionReceipt({ hash });
      return hash;
    },
    async mint(token: Address, minter: PrivateKeyAccount, to: Address, amount: bigint): Promise<void> {
      const hash = await wallet(minter).writeContract({
        address: token,
        abi: usdt().abi,
        functionName: "mint",
        args: [to, amount],
      });
      await client.waitForTransactionReceipt({ hash });
    },
    stop(): void {
      child.kill();
    },
  };
}

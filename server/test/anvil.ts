/**
 * A throwaway anvil for tests that drive the real chain checks: USDT (and a second token for ARB payouts)
 * deployed from the contracts build (`forge build`, run by the server's pretest), members funded with
 * gas and USDT, transfers that wait for their receipt. Loopback only.
 */
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { loadArtifact } from "@taichi/contracts/scripts/artifacts.ts";
import {
  createTestClient,
  createWalletClient,
  http,
  parseEther,
  publicActions,
  type Address,
  type Hash,
} from "viem";
import { privateKeyToAccount, type PrivateKeyAccount } from "viem/accounts";
import { foundry } from "viem/chains";
import { REPO_ROOT } from "../src/env.ts";
import { units } from "../src/lib/money.ts";
import { DEV_KEYS } from "./helpers.ts";
import { freePort } from "./serverProcess.ts";

/** The project's pinned anvil, else one on PATH (foundryup, where npm has no package for the platform). */
const LOCAL_ANVIL = path.join(REPO_ROOT, "node_modules", ".bin", "anvil");
const ANVIL = existsSync(LOCAL_ANVIL) ? LOCAL_ANVIL : "anvil";
const usdtArtifact = loadArtifact("Usdt");
/** Deploys the tokens (anvil account 3, so account 0, the local treasury, keeps its nonce for payouts). */
const deployer = privateKeyToAccount(DEV_KEYS[3]);

export type AnvilChain = Awaited<ReturnType<typeof startAnvil>>;

export async function startAnvil() {
  const port = await freePort();
  const rpcUrl = `http://127.0.0.1:${port}`;
  const child = spawn(ANVIL, ["--port", String(port), "--host", "127.0.0.1", "--silent"], {
    stdio: "ignore",
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const client = createTestClient({ chain: foundry, mode: "anvil", transport: http(rpcUrl) }).extend(
    publicActions,
  );
  const wallet = (account: PrivateKeyAccount) =>
    createWalletClient({ account, chain: foundry, transport: http(rpcUrl) });

  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      await client.getChainId();
      break;
    } catch (error) {
      if (Date.now() > deadline || child.exitCode !== null)
        throw new Error("anvil did not start", { cause: error });
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  async function deployToken(): Promise<Address> {
    const hash = await wallet(deployer).deployContract({
      abi: usdtArtifact.abi,
      bytecode: usdtArtifact.bytecode,
    });
    return (await client.waitForTransactionReceipt({ hash })).contractAddress!;
  }
  const usdt = await deployToken();
  const arb = await deployToken();

  /** A `token` transfer (USDT unless named; `gas` to force a revert), mined; anvil mines each in a block. */
  async function transfer(
    from: PrivateKeyAccount,
    to: Address,
    amount: bigint,
    token: Address = usdt,
    gas?: bigint,
  ): Promise<Hash> {
    const hash = await wallet(from).writeContract({
      address: token,
      abi: usdtArtifact.abi,
      functionName: "transfer",
      args: [to, amount],
      ...(gas ? { gas } : {}),
    });
    await client.waitForTransactionReceipt({ hash });
    return hash;
  }

  /** Mints `amount` of `token` (USDT unless named) to `account`. */
  async function mint(account: Address, amount: bigint, token: Address = usdt): Promise<void> {
    const hash = await wallet(deployer).writeContract({
      address: token,
      abi: usdtArtifact.abi,
      functionName: "mint",
      args: [account, amount],
    });
    await client.waitForTransactionReceipt({ hash });
  }

  return {
    rpcUrl,
    client,
    usdt,
    arb,
    transfer,
    mint,
    /** Gas money and `usdtAmount` USDT for `account`. */
    async fund(account: Address, usdtAmount: bigint = units("10000")): Promise<void> {
      await client.setBalance({ address: account, value: parseEther("10") });
      await mint(account, usdtAmount);
    },
    async stop(): Promise<void> {
      if (child.exitCode === null) child.kill();
      await exited;
    },
  };
}

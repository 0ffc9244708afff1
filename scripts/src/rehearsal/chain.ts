/**
 * The BSC-shaped rehearsal chain (`npm run rehearse -- bsc`, docs/deploy.md): a local anvil with BSC's chain id
 * (56, or 97 for the testnet), BSC-USD and Multicall3 at their mainnet addresses, a DEX that is not Uniswap's
 * (./pancakeDex.ts), and the product launched on it by following docs/launch.md (./runbook.ts): the real
 * `npm run deploy` with a real network's settings, then `npm run launch`'s steps.
 */
import { rmSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  type Address,
  type Hex,
  createPublicClient,
  createWalletClient,
  encodeAbiParameters,
  getAddress,
  http,
  keccak256,
  numberToHex,
  parseEther,
} from "viem";
import { usdtAbi } from "@taichi/contracts";
import { initCodePairHashAbi } from "@taichi/contracts/dex";
import { loadArtifact } from "@taichi/contracts/scripts/artifacts.ts";
import type { Deployment } from "../deploy.ts";
import { MULTICALL3 } from "../deploy.ts";
import { DEV_ACCOUNTS, DEV_ROLES, chainAt, devAccount } from "../env.ts";
import { type Service, startService, stopService, waitForPort } from "../processes.ts";
import type { DevSafe } from "../safe.ts";
import { buildRouter, pancakeCoreDex, pancakeFactory } from "./pancakeDex.ts";
import { RunbookRehearsal } from "./runbook.ts";

export const REHEARSAL_CHAINS = { bsc: 56, "bsc-testnet": 97 } as const;
export type RehearsalChainId = (typeof REHEARSAL_CHAINS)[keyof typeof REHEARSAL_CHAINS];

/** `bsc`, `56`, `bsc-testnet` or `97` -> the chain id; anything else is refused with the choices. */
export function rehearsalChainId(name: string): RehearsalChainId {
  const id = REHEARSAL_CHAINS[name as keyof typeof REHEARSAL_CHAINS] ?? Number(name);
  if (id !== 56 && id !== 97) throw new Error(`rehearse on "${name}"? Use bsc (56) or bsc-testnet (97).`);
  return id;
}

/** BSC-USD on BSC mainnet; the rehearsal puts it there on 97 too, so both have their USDT at a fixed address. */
export const BSC_USD: Address = "0x55d398326f99059fF775485246999027B3197955";
/** The rehearsal's own accounts beyond the product's dev roles: the DEX's deployer and the treasury. */
const DEX_OWNER = devAccount(18);
export const REHEARSAL_TREASURY = devAccount(19).address;
/** The deployer's USDT for the launch (pools, reward pool) and the members, dealt like a fork test does. */
const DEPLOYER_USDT = parseEther("10000000");
/** The owner's delay members are promised on BSC: the rehearsal keeps it (it moves anvil's clock past it). */
const TIMELOCK_DELAY = 48n * 3600n;

export type RehearsalChain = {
  service: Service;
  deployment: Deployment;
  /** the dev operators' 2-of-3 Safe the runbook's "safes" step created */
  safe: DevSafe;
  runbook: RunbookRehearsal;
};

export async function startRehearsalChain(options: {
  chainId: RehearsalChainId;
  port: number;
  /** the deployment file (and the deploy's journal) go to <deploymentsDir>, emptied first */
  deploymentsDir: string;
  quiet: boolean;
}): Promise<RehearsalChain> {
  const { chainId, port, quiet } = options;
  const service = startService(
    "chain",
    "anvil",
    [
      "--host",
      "127.0.0.1",
      "--port",
      String(port),
      "--chain-id",
      String(chainId),
      "--accounts",
      String(DEV_ACCOUNTS),
      "--silent",
    ],
    { quiet },
  );
  try {
    await waitForPort(service, port);
    const rpcUrl = `http://127.0.0.1:${port}`;
    const transport = http(rpcUrl);
    const client = createPublicClient({ transport });
    const rpc = (method: string, params: unknown[]) => client.request({ method, params } as never);
    const owner = createWalletClient({ account: DEX_OWNER, transport, chain: chainAt(chainId, rpcUrl) });
    await rpc("anvil_setBalance", [DEX_OWNER.address, numberToHex(parseEther("100"))]);

    async function create(
      abi: readonly unknown[],
      bytecode: Hex,
      args: readonly unknown[] = [],
    ): Promise<Address> {
      const hash = await owner.deployContract({ abi: abi as never, bytecode, args: args as never });
      const receipt = await client.waitForTransactionReceipt({ hash });
      if (receipt.status !== "success" || !receipt.contractAddress)
        throw new Error("a rehearsal fixture failed");
      return getAddress(receipt.contractAddress);
    }
    /** Deploys a contract, then moves its code and first storage slots to `target` (the chain's address of it). */
    async function placeAt(target: Address, name: "Usdt" | "Multicall3") {
      const { abi, bytecode } = loadArtifact(name);
      const built = await create(abi, bytecode);
      await rpc("anvil_setCode", [target, await client.getCode({ address: built })]);
      for (let slot = 0; slot < 8; slot++) {
        const value = await client.getStorageAt({ address: built, slot: numberToHex(slot, { size: 32 }) });
        await rpc("anvil_setStorageAt", [target, numberToHex(slot, { size: 32 }), value]);
      }
    }

    // BSC-USD (our 18-decimal stand-in, whose mint is off outside 31337, like the real one's for us) and Multicall3
    await placeAt(BSC_USD, "Usdt");
    await placeAt(MULTICALL3, "Multicall3");

    const dex = pancakeCoreDex();
    const factoryArtifact = pancakeFactory();
    const factory = await create(factoryArtifact.abi, factoryArtifact.bytecode, [DEX_OWNER.address]);
    const published = await client.readContract({
      address: factory,
      abi: initCodePairHashAbi,
      functionName: "INIT_CODE_PAIR_HASH",
    });
    if (published !== dex.initCodeHash)
      throw new Error(`the package's factory publishes ${published}, its pair hashes to ${dex.initCodeHash}`);
    const wbnb = loadArtifact("Wbnb");
    const wbnbAddress = await create(wbnb.abi, wbnb.bytecode);
    const router = buildRouter(dex);
    const routerAddress = await create(router.abi, router.bytecode, [factory, wbnbAddress]);

    // USDT for the demo state, written into BSC-USD's balance slot (mapping at slot 0) as fork tests "deal" it
    const deployer = devAccount(DEV_ROLES.deployer).address;
    const balanceSlot = keccak256(
      encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [deployer, 0n]),
    );
    await rpc("anvil_setStorageAt", [BSC_USD, balanceSlot, numberToHex(DEPLOYER_USDT, { size: 32 })]);
    await rpc("anvil_setStorageAt", [
      BSC_USD,
      numberToHex(2, { size: 32 }),
      numberToHex(DEPLOYER_USDT, { size: 32 }),
    ]);
    const dealt = await client.readContract({
      address: BSC_USD,
      abi: usdtAbi,
      functionName: "balanceOf",
      args: [deployer],
    });
    if (dealt !== DEPLOYER_USDT)
      throw new Error("BSC-USD's balance slot is not where the rehearsal writes it");

    // docs/launch.md from its first step through the verification; the rest once the stack's services are up
    rmSync(options.deploymentsDir, { recursive: true, force: true });
    const keysDir = join(dirname(options.deploymentsDir), "rehearsal-keys");
    rmSync(keysDir, { recursive: true, force: true });
    const runbook = new RunbookRehearsal({
      chainId,
      rpcUrl,
      deploymentsDir: options.deploymentsDir,
      keysDir,
      usdt: BSC_USD,
      router: routerAddress,
      dex,
      treasury: REHEARSAL_TREASURY,
      delay: TIMELOCK_DELAY,
      quiet,
    });
    await runbook.runThrough("verify");
    return { service, deployment: runbook.deployment!, safe: runbook.safe!, runbook };
  } catch (error) {
    await stopService(service);
    throw error;
  }
}

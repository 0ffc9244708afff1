/**
 * The rehearsal's pieces against a real anvil with BSC's chain id: the package PancakeSwap DEX (a fee that is
 * not Uniswap's 0.3%), and `deploy` as it runs on a real network: its required settings, its checks of the DEX,
 * its plan, its journal (a failed deploy resumes without deploying twice) and its verification inputs.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type Address,
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  maxUint256,
  parseEther,
  zeroAddress,
} from "viem";
import { pairAbi, routerAbi, swapTokenAbi, usdtAbi } from "@taichi/contracts";
import {
  PANCAKESWAP_V2,
  UNISWAP_V2,
  getAmountOut,
  initCodePairHashAbi,
  pairFor,
} from "@taichi/contracts/dex";
import { loadArtifact } from "@taichi/contracts/scripts/artifacts.ts";
import { type DeployOptions, deploy } from "../deploy.ts";
import { DEV_ROLES, REPO_ROOT, chainAt, devAccount, devPrivateKey } from "../env.ts";
import { type Service, startService, stopService, waitForPort } from "../processes.ts";
import { buildRouter, pancakeCoreDex, pancakeFactory } from "./pancakeDex.ts";

const PORT = 8613;
/** Where swap-and-liquify locks its LP tokens. */
const DEAD: Address = "0x000000000000000000000000000000000000dEaD";
const rpcUrl = `http://127.0.0.1:${PORT}`;
const transport = http(rpcUrl);
const client = createPublicClient({ transport });
const deployer = devAccount(DEV_ROLES.deployer);
const wallet = createWalletClient({ account: deployer, transport, chain: chainAt(56, rpcUrl) });
const dex = pancakeCoreDex();
let anvil: Service;
let router: Address;
let factory: Address;
let usdt: Address;

async function create(abi: readonly unknown[], bytecode: `0x${string}`, args: readonly unknown[] = []) {
  const hash = await wallet.deployContract({ abi: abi as never, bytecode, args: args as never });
  return getAddress((await client.waitForTransactionReceipt({ hash })).contractAddress!);
}

async function send(
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: readonly unknown[],
  value = 0n,
) {
  const hash = await wallet.writeContract({ address, abi: abi as never, functionName, args, value } as never);
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
}

/** A WBNB-like 18-decimal ERC20 holding `amount` of the deployer's BNB (USDT's mint is closed on 56). */
async function token(amount: bigint) {
  const wbnb = loadArtifact("Wbnb");
  const address = await create(wbnb.abi, wbnb.bytecode);
  await send(address, wbnb.abi, "deposit", [], amount);
  return address;
}

/** The deployer's first liquidity for two tokens through `via`. */
async function addLiquidity(via: Address, [a, amountA]: [Address, bigint], [b, amountB]: [Address, bigint]) {
  for (const asset of [a, b]) await send(asset, usdtAbi, "approve", [via, maxUint256]);
  await send(via, routerAbi, "addLiquidity", [a, b, amountA, amountB, 0n, 0n, deployer.address, 2n ** 40n]);
}

beforeAll(async () => {
  anvil = startService("chain", "anvil", ["--port", String(PORT), "--chain-id", "56", "--silent"], {
    quiet: true,
  });
  await waitForPort(anvil, PORT);
  const f = pancakeFactory();
  factory = await create(f.abi, f.bytecode, [deployer.address]);
  const wbnb = loadArtifact("Wbnb");
  const r = buildRouter(dex);
  router = await create(r.abi, r.bytecode, [factory, await create(wbnb.abi, wbnb.bytecode)]);
  // an 18-decimal USDT (our stand-in; its mint is closed on 56, the deploy only reads it)
  const u = loadArtifact("Usdt");
  usdt = await create(u.abi, u.bytecode);
}, 120_000);

afterAll(async () => {
  await stopService(anvil);
});

describe("the package PancakeSwap DEX", () => {
  it("takes 0.2% and has its own pair hash (the factory's), neither Uniswap's nor PancakeSwap V2's", async () => {
    expect(dex.feeBps).toBe(20);
    const published = await client.readContract({
      address: factory,
      abi: initCodePairHashAbi,
      functionName: "INIT_CODE_PAIR_HASH",
    });
    expect(dex.initCodeHash).toBe(published);
    expect([UNISWAP_V2.initCodeHash, PANCAKESWAP_V2.initCodeHash]).not.toContain(dex.initCodeHash);
  });

  it("a quote with the chain's fee is exactly the router's getAmountsOut on a real pair; 0.3% is not", async () => {
    const [tokenA, tokenB] = [await token(parseEther("500")), await token(parseEther("2000"))];
    await addLiquidity(router, [tokenA, parseEther("300")], [tokenB, parseEther("1700")]);
    const pair = pairFor(factory, tokenA, tokenB, dex);
    expect(await client.getCode({ address: pair })).not.toBe(undefined);
    const [reserve0, reserve1] = await client.readContract({
      address: pair,
      abi: pairAbi,
      functionName: "getReserves",
    });
    const [reserveA, reserveB] =
      BigInt(tokenA) < BigInt(tokenB) ? [reserve0, reserve1] : [reserve1, reserve0];

    for (const amountIn of [1n, parseEther("0.5"), parseEther("10"), parseEther("150")]) {
      const [, routerOut] = await client.readContract({
        address: router,
        abi: routerAbi,
        functionName: "getAmountsOut",
        args: [amountIn, [tokenA, tokenB]],
      });
      expect(getAmountOut(amountIn, reserveA, reserveB, dex)).toBe(routerOut);
      if (amountIn > 1n)
        expect(getAmountOut(amountIn, reserveA, reserveB, UNISWAP_V2)).toBeLessThan(routerOut!);
    }
  });

  it("the tokens' swap-and-liquify bound is the router's own quote: behind a router taking 1% it runs at 0% slippage", async () => {
    // a 0.3% assumption would ask this router for more than it pays, and the run would fail (SwapFailed)
    const costly = buildRouter({ ...dex, feeBps: 100 });
    const wbnb = loadArtifact("Wbnb");
    const costlyRouter = await create(costly.abi, costly.bytecode, [
      factory,
      await create(wbnb.abi, wbnb.bytecode),
    ]);
    const usd = await token(parseEther("1000"));
    const me = deployer.address;
    const accounts = { market: me, node: me, trc: zeroAddress, main: zeroAddress, distributor: me };
    const t = loadArtifact("SwapToken");
    const swapToken = await create(t.abi, t.bytecode, [
      me,
      me,
      parseEther("1000000"),
      costlyRouter,
      usd,
      accounts,
    ]);
    await addLiquidity(costlyRouter, [swapToken, parseEther("100000")], [usd, parseEther("1000")]);
    const now = (await client.getBlock()).timestamp;
    await send(swapToken, swapTokenAbi, "setOpening", [now, 0n]);
    await send(swapToken, swapTokenAbi, "setSwapSettings", [parseEther("1000"), 0n]);
    await send(swapToken, swapTokenAbi, "transfer", [swapToken, parseEther("5000")]);

    await send(swapToken, swapTokenAbi, "swapAndLiquify", []);
    const held = await client.readContract({
      address: swapToken,
      abi: usdtAbi,
      functionName: "balanceOf",
      args: [swapToken],
    });
    expect(held).toBeLessThan(parseEther("5000"));
    const pair = pairFor(factory, swapToken, usd, dex);
    const locked = await client.readContract({
      address: pair,
      abi: pairAbi,
      functionName: "balanceOf",
      args: [DEAD],
    });
    expect(locked).toBeGreaterThan(0n);
  });
});

describe("deploy on a real network (chain 56)", () => {
  const settings = (outDir: string): DeployOptions => ({
    rpcUrl,
    deployerKey: devPrivateKey(DEV_ROLES.deployer),
    log: () => {},
    outDir,
    treasury: devAccount(8).address,
    manager: devAccount(6).address,
    usdt,
    router,
    dex,
    timelock: { proposers: [devAccount(7).address], delay: 172_800n },
  });
  const nonce = () => client.getTransactionCount({ address: deployer.address });

  it("refuses to run without proposers, delay, manager, treasury, USDT and router, before sending anything", async () => {
    const before = await nonce();
    await expect(deploy({ rpcUrl, deployerKey: devPrivateKey(0), log: () => {} })).rejects.toThrow(
      /TIMELOCK_PROPOSERS[\s\S]*TIMELOCK_DELAY[\s\S]*PRESALE_MANAGER[\s\S]*TREASURY[\s\S]*USDT_ADDRESS \(BSC-USD is 0x55d3[\s\S]*ROUTER_ADDRESS/,
    );
    expect(await nonce()).toBe(before);
  });

  it("never makes the deployer's key the Presale manager: without PRESALE_MANAGER it refuses and sends nothing", async () => {
    const outDir = mkdtempSync(join(tmpdir(), "deployments-"));
    const before = await nonce();
    await expect(deploy({ ...settings(outDir), manager: undefined })).rejects.toThrow(
      /needs these settings:\s+PRESALE_MANAGER \(a Safe/,
    );
    expect(await nonce()).toBe(before);
    expect(existsSync(join(outDir, "56.json"))).toBe(false);
  });

  it("refuses a router whose fee is not the configured one, and a factory with another pair hash", async () => {
    const outDir = mkdtempSync(join(tmpdir(), "deployments-"));
    const before = await nonce();
    await expect(deploy({ ...settings(outDir), dex: UNISWAP_V2 })).rejects.toThrow(
      /does not take a 0.3% fee[\s\S]*DEX_FEE_BPS/,
    );
    await expect(
      deploy({ ...settings(outDir), dex: { ...dex, initCodeHash: UNISWAP_V2.initCodeHash } }),
    ).rejects.toThrow(/init-code hash .* not 0x96e8/);
    expect(await nonce()).toBe(before);
  });

  it("npm run deploy reads the settings by name, prints the plan and, without a terminal or --yes, sends nothing", async () => {
    const cli = (env: Record<string, string>) =>
      spawnSync(
        join(REPO_ROOT, "node_modules", ".bin", "tsx"),
        [join(REPO_ROOT, "scripts/src/deploy-cli.ts")],
        {
          encoding: "utf8",
          input: "",
          env: { ...process.env, RPC_URL: rpcUrl, DEPLOYER_KEY: devPrivateKey(0), ...env },
        },
      );
    const before = await nonce();
    const bare = cli({ DEPLOYMENTS_DIR: mkdtempSync(join(tmpdir(), "deployments-")) });
    expect(bare.status).toBe(1);
    expect(bare.stderr).toMatch(/TIMELOCK_PROPOSERS[\s\S]*ROUTER_ADDRESS/);
    const asked = cli({
      DEPLOYMENTS_DIR: mkdtempSync(join(tmpdir(), "deployments-")),
      TIMELOCK_PROPOSERS: devAccount(7).address,
      TIMELOCK_DELAY: "172800",
      TREASURY: devAccount(8).address,
      PRESALE_MANAGER: devAccount(6).address,
      USDT_ADDRESS: usdt,
      ROUTER_ADDRESS: router,
      DEX_FEE_BPS: String(dex.feeBps),
      DEX_INIT_CODE_HASH: dex.initCodeHash,
    });
    expect(asked.status).toBe(1);
    expect(asked.stdout).toContain(`The deploy will:`);
    expect(asked.stdout).toContain(`router ${router} (factory ${factory})`);
    expect(asked.stdout).toContain(`Presale manager ${devAccount(6).address}`);
    expect(asked.stderr).toContain("pass --yes");
    expect(await nonce()).toBe(before);
  });

  it("shows its plan first, and sends nothing when it is not confirmed", async () => {
    const before = await nonce();
    let shown: string[] = [];
    await expect(
      deploy({
        ...settings(mkdtempSync(join(tmpdir(), "deployments-"))),
        confirm: async (plan) => {
          shown = plan;
          return false;
        },
      }),
    ).rejects.toThrow("nothing was sent");
    expect(await nonce()).toBe(before);
    const plan = shown.join("\n");
    expect(plan).toContain(`router ${router} (factory ${factory})`);
    expect(plan).toContain("fee 0.2%");
    expect(plan).toContain(`proposers, executors and cancellers ${devAccount(7).address}`);
    expect(plan).toContain("minimum delay 172800 s");
    expect(plan).toContain(`Presale manager ${devAccount(6).address}`);
    expect(plan).toContain(`treasury (presale payments, market fee) ${devAccount(8).address}`);
    expect(plan).toContain("the deployer keeps no role");
  });

  it("resumes after a failure from its journal without deploying anything twice, then writes verification inputs", async () => {
    const outDir = mkdtempSync(join(tmpdir(), "deployments-"));
    const start = await nonce();
    // the first run stops once the Presale proxy is deployed (as an RPC error or Ctrl-C would)
    await expect(
      deploy({
        ...settings(outDir),
        log: (line) => {
          if (line.includes("Presale proxy")) throw new Error("connection lost");
        },
      }),
    ).rejects.toThrow("connection lost");
    const sentFirst = (await nonce()) - start;
    const journal = JSON.parse(readFileSync(join(outDir, "56.journal.json"), "utf8")) as {
      entries: { step: string; address?: Address }[];
    };
    expect(journal.entries).toHaveLength(sentFirst);
    const presaleProxy = journal.entries.find((e) => e.step === "create Presale proxy")!.address!;

    const deployment = await deploy(settings(outDir));
    // the resumed run reused the Presale proxy and sent only the steps after it: one transaction per step
    expect(deployment.contracts.Presale).toBe(presaleProxy);
    const resumed = JSON.parse(readFileSync(join(outDir, "56.journal.json"), "utf8")) as {
      entries: unknown[];
    };
    expect((await nonce()) - start).toBe(resumed.entries.length);
    expect(deployment.dex).toEqual(dex);
    expect(deployment.contracts.Usdt).toBe(usdt);
    expect(deployment.contracts.Router).toBe(router);
    expect(deployment.contracts.Factory).toBe(factory);
    for (const name of ["SwapToken", "BurnToken", "MiningToken"]) {
      expect(deployment.contracts[`Pair_${name}_Usdt`]).toBe(
        pairFor(factory, deployment.contracts[name]!, usdt, dex),
      );
    }

    // a third run with the same journal sends nothing at all
    const done = await nonce();
    expect((await deploy(settings(outDir))).contracts).toEqual(deployment.contracts);
    expect(await nonce()).toBe(done);

    // verification inputs: one standard JSON input per contract created, with its constructor arguments
    const manifest = JSON.parse(readFileSync(join(outDir, "56-verify", "manifest.json"), "utf8")) as {
      label: string;
      address: Address;
      contract: string;
      compiler: string;
      input: string;
      constructorArguments: string;
    }[];
    const reader = manifest.find((m) => m.label === "DataReader")!;
    expect(reader).toMatchObject({
      address: deployment.contracts.DataReader,
      contract: "src/DataReader.sol:DataReader",
    });
    expect(reader.compiler).toMatch(/^v0\.8\.37\+commit\./);
    expect(manifest.map((m) => m.label)).toContain("Presale proxy");
    // the explorer's compile of the input gives exactly the bytecode the deploy sent
    const solc = createRequire(import.meta.url)("solc") as { compile(input: string): string };
    const input = readFileSync(join(outDir, "56-verify", reader.input), "utf8");
    const [file, contract] = reader.contract.split(":") as [string, string];
    const output = JSON.parse(solc.compile(input)) as {
      contracts: Record<string, Record<string, { evm: { bytecode: { object: string } } }>>;
    };
    expect(`0x${output.contracts[file]![contract]!.evm.bytecode.object}`).toBe(
      loadArtifact("DataReader").bytecode,
    );
  }, 240_000);
});

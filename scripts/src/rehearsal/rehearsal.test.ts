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
  type Hex,
  createPublicClient,
  createWalletClient,
  getAddress,
  http,
  maxUint256,
  parseEther,
  zeroAddress,
} from "viem";
import { idoAbi, pairAbi, presaleAbi, routerAbi, swapTokenAbi, usdtAbi } from "@taichi/contracts";
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
import {
  type LaunchContext,
  configurePresale,
  executeLaunch,
  scheduleLaunch,
  scheduledLaunch,
} from "../launch.ts";
import { type Service, freePort, startService, stopService, waitForPort } from "../processes.ts";
import type { TransactionBuilderFile } from "../safe.ts";
import { signerFromEnv } from "../signer.ts";
import { buildRouter, pancakeCoreDex, pancakeFactory } from "./pancakeDex.ts";

/** a port of this run's own: other checkouts on the machine run this suite too */
const PORT = await freePort();
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
    deployer: devPrivateKey(DEV_ROLES.deployer),
    log: () => {},
    outDir,
    treasury: devAccount(8).address,
    manager: devAccount(9).address,
    usdt,
    router,
    dex,
    timelock: { proposers: [devAccount(7).address], delay: 172_800n },
  });
  const nonce = () => client.getTransactionCount({ address: deployer.address });

  it("refuses to run without proposers, delay, treasury, manager, USDT and router, before sending anything", async () => {
    const before = await nonce();
    await expect(deploy({ rpcUrl, deployer: devPrivateKey(0), log: () => {} })).rejects.toThrow(
      /TIMELOCK_PROPOSERS[\s\S]*TIMELOCK_DELAY[\s\S]*TREASURY_ADDRESS[\s\S]*PRESALE_MANAGER[\s\S]*USDT_ADDRESS \(BSC-USD is 0x55d3[\s\S]*ROUTER_ADDRESS/,
    );
    expect(await nonce()).toBe(before);
  });

  it("never makes the deployer's key the Presale manager: every other setting given, it wants PRESALE_MANAGER, and another address than the deployer's", async () => {
    const before = await nonce();
    const outDir = mkdtempSync(join(tmpdir(), "deployments-"));
    const { manager: _, ...withoutManager } = settings(outDir);
    await expect(deploy({ ...withoutManager, manager: deployer.address })).rejects.toThrow(
      "PRESALE_MANAGER is the deployer",
    );
    await expect(deploy(withoutManager)).rejects.toThrow(
      /needs these settings:\n  PRESALE_MANAGER \(the Safe of the day-to-day settings; never the deployer's hot key\)$/,
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
    // the treasury has one name, the API's: the deploy's old one is refused, not silently ignored
    const oldName = cli({
      DEPLOYMENTS_DIR: mkdtempSync(join(tmpdir(), "deployments-")),
      TREASURY: devAccount(8).address,
    });
    expect(oldName.status).toBe(1);
    expect(oldName.stderr).toContain("TREASURY is now TREASURY_ADDRESS");
    const asked = cli({
      DEPLOYMENTS_DIR: mkdtempSync(join(tmpdir(), "deployments-")),
      TIMELOCK_PROPOSERS: devAccount(7).address,
      TIMELOCK_DELAY: "172800",
      TREASURY_ADDRESS: devAccount(8).address,
      PRESALE_MANAGER: devAccount(9).address,
      USDT_ADDRESS: usdt,
      ROUTER_ADDRESS: router,
      DEX_FEE_BPS: String(dex.feeBps),
      DEX_INIT_CODE_HASH: dex.initCodeHash,
    });
    expect(asked.status).toBe(1);
    expect(asked.stdout).toContain(`The deploy will:`);
    expect(asked.stdout).toContain(`router ${router} (factory ${factory})`);
    expect(asked.stdout).toContain(`Presale manager ${devAccount(9).address}`);
    expect(asked.stderr).toContain("pass --yes");
    expect(asked.stderr).toContain("warning: a raw key in DEPLOYER_KEY on chain 56; use DEPLOYER_KEYSTORE");
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
    expect(plan).toContain(`treasury (presale payments, market fee) ${devAccount(8).address}`);
    expect(plan).toContain(`Presale manager ${devAccount(9).address}`);
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

    // resumed through an external signer of the same account (anvil signs for its accounts as Frame does for a
    // hardware wallet): the journal is the deployer's, whichever signer sends
    const external = await signerFromEnv("DEPLOYER", undefined, {
      DEPLOYER_SIGNER_URL: rpcUrl,
      DEPLOYER_ADDRESS: deployer.address,
    });
    let plan: string[] = [];
    const deployment = await deploy({
      ...settings(outDir),
      deployer: external!,
      confirm: async (shown) => {
        plan = shown;
        return true;
      },
    });
    expect(plan).toContain(
      `signed by the JSON-RPC signer at ${rpcUrl}: confirm each transaction on it as it comes`,
    );
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

    // verify.sh: one forge verify-contract per contract, with its compiler, optimizer runs and constructor args
    const script = readFileSync(join(outDir, "56-verify", "verify.sh"), "utf8").split("\n");
    const lineOf = (label: string) => script.find((line) => line.endsWith(`# ${label}`))!;
    expect(lineOf("DataReader")).toMatch(
      new RegExp(
        `^npx forge verify-contract --chain 56 --compiler-version ${reader.compiler.replaceAll(".", "\\.").replace("+", "\\+")} --num-of-optimizations 200 --compilation-profile default --evm-version cancun --constructor-args ${reader.constructorArguments} --watch ${reader.address} src/DataReader.sol:DataReader `,
      ),
    );
    // Staking is compiled for size (1 optimizer run): verified with the runs it was built with
    expect(lineOf("Staking implementation")).toContain(
      "--num-of-optimizations 1 --compilation-profile size ",
    );
    const proxy = manifest.find((m) => m.label === "Presale proxy")!;
    expect(lineOf("Presale proxy")).toContain(
      `--constructor-args ${proxy.constructorArguments} --watch ${proxy.address}`,
    );
    expect(script.filter((line) => line.startsWith("npx forge verify-contract"))).toHaveLength(
      manifest.length,
    );
  }, 240_000);

  it("a Safe's launch steps are Safe Transaction Builder files: the presale's dates, then the launch batch, which runs only after the delay", async () => {
    const outDir = mkdtempSync(join(tmpdir(), "deployments-"));
    const deployment = await deploy(settings(outDir));
    const ctx: LaunchContext = { rpcUrl, deployment, outDir, log: () => {} };
    const proposer = createWalletClient({ account: devAccount(7), transport, chain: chainAt(56, rpcUrl) });
    const manager = createWalletClient({ account: devAccount(9), transport, chain: chainAt(56, rpcUrl) });
    /** what a Safe does with the file: its one transaction, sent from the Safe (here its stand-in account) */
    const runAsSafe = async (wallet: typeof proposer, file: string) => {
      const builder = JSON.parse(readFileSync(file, "utf8")) as TransactionBuilderFile;
      expect(builder).toMatchObject({ version: "1.0", chainId: "56" });
      for (const { to, value, data } of builder.transactions) {
        const hash = await wallet.sendTransaction({ to, value: BigInt(value), data });
        expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
      }
    };
    const written = (result: { file: string } | { sent: Hex[] }) => {
      if (!("file" in result)) throw new Error("sent instead of written");
      return result.file;
    };

    const start = (await client.getBlock()).timestamp + 3600n;
    const presale = await configurePresale(ctx, { start, end: start + 86_400n, claim: start + 2n * 86_400n });
    await runAsSafe(manager, written(presale));
    const sale = await client.readContract({
      address: deployment.contracts.Ido!,
      abi: idoAbi,
      functionName: "getConfig",
    });
    expect([sale.startTime, sale.endTime, sale.extractTime]).toEqual([
      start,
      start + 86_400n,
      start + 2n * 86_400n,
    ]);

    const newManager = devAccount(6).address;
    // trading opens as soon as the batch runs
    const openTime = (await client.getBlock()).timestamp;
    const scheduled = await scheduleLaunch(ctx, { openTime, manager: newManager });
    expect(scheduled.delay).toBe(172_800n);
    await runAsSafe(proposer, written(scheduled));
    const { readyAt } = await scheduledLaunch(ctx);
    expect(readyAt).toBe((await client.getBlock()).timestamp + 172_800n);
    await expect(executeLaunch(ctx, { account: devAccount(7), from: "dev account 7" })).rejects.toThrow(
      /runs the launch batch from .*\(\d+ s from now\)/,
    );
    const open = (name: string) =>
      client.readContract({
        address: deployment.contracts[name]!,
        abi: swapTokenAbi,
        functionName: "tradingOpen",
      });
    expect(await open("SwapToken")).toBe(false);

    await client.request({ method: "evm_increaseTime", params: ["0x2a300"] } as never); // 172800 s
    await client.request({ method: "evm_mine", params: [] } as never);
    await runAsSafe(proposer, written(await executeLaunch(ctx)));
    for (const name of ["SwapToken", "BurnToken", "MiningToken"]) expect(await open(name)).toBe(true);
    const { manager: now } = await client.readContract({
      address: deployment.contracts.Presale!,
      abi: presaleAbi,
      functionName: "getConfig",
    });
    expect(now).toBe(newManager);
    await expect(executeLaunch(ctx)).rejects.toThrow("already ran");
  }, 240_000);
});

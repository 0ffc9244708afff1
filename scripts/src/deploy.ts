/**
 * Deploys the product to any chain and writes deployments/<chainId>.json. On the local chain it also
 * deploys the stand-ins that exist on BSC already (USDT, the DEX, Multicall3) and seeds demo accounts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  getAddress,
  http,
  parseEther,
  type Abi,
  type Address,
  type Hex,
  type PublicClient,
  zeroAddress,
  zeroHash,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { loadArtifact, type ContractName } from "@taichi/contracts/scripts/artifacts.ts";
import {
  holdDividendAbi,
  idoAbi,
  lpDividendAbi,
  lpSwapAbi,
  nodeRewardAbi,
  presaleAbi,
  routerAbi,
  stakingAbi,
  swapTokenAbi,
  timelockAbi,
  usdtAbi,
} from "@taichi/contracts";
import {
  type Dex,
  PANCAKESWAP_V2,
  UNISWAP_V2,
  getAmountOut,
  initCodePairHashAbi,
  pairFor,
} from "@taichi/contracts/dex";
import {
  type Deployment as RegistryDeployment,
  type DeploymentFile,
  deploymentPath,
  parseDeployment,
  readDeployment,
} from "@taichi/contracts/registry";
import { DeployJournal } from "./deployJournal.ts";
import { DEV_ROLES, LOCAL_CHAIN_ID, REPO_ROOT, chainAt, devAccount } from "./env.ts";
import { type Signer, walletOf } from "./signer.ts";
import { type Created, writeVerificationInputs } from "./verify.ts";

/** Fixed supply of each project token, all minted to the deployer. */
const TOKEN_SUPPLY = parseEther("100000000");
/** What the presale can owe at most: 1000 x 5000 + 500 x 4800 + 500 x 4600 tokens. */
const IDO_TOKENS = parseEther("9700000");
/** Staking reward pools: tokens on every chain, USDT minted on the local chain only. */
const STAKING_TOKEN_POOL = parseEther("10000000");
const STAKING_USDT_POOL = parseEther("1000000");
/** Staking's starting configuration (docs/economics.md, "Defaults"; the forge fixture mirrors it). */
const STAKING_SETTINGS = {
  addTime: 0n,
  dayTimes: 86_400n,
  algebra: 3n,
  feeRate: 0n,
  handleGas: 0n,
  swapRate: 0n,
  buyRate: 0n,
  selfRate: 0n,
  inviteRate: 1000n,
  equalRate: 500n,
  fundRate: 0n,
  fbPrice: parseEther("0.1"),
} as const;
/**
 * Token deposits are valued at the lower of fbPrice and SwapToken's 30-minute average price on its USDT pair,
 * refused when the two differ by more than 20% (docs/economics.md, "Token deposits"). The local pair is seeded
 * at 0.10 USDT a token, fbPrice's default.
 */
const STAKING_PRICE_WINDOW = 1800n;
const STAKING_PRICE_DEVIATION = 2000n;
/**
 * Node dividend 5% of each order's static income (shared once managers name nodes); exit acceleration up to
 * 20% of the lock; bottom acceleration 10% of the lock for members whose referral and team income is at most
 * 1% of their principal (docs/economics.md, income types 4-6).
 */
const STAKING_INCOME_RATES = {
  nodeRate: 500n,
  exitRate: 2000n,
  bottomRate: 1000n,
  bottomFloor: 100n,
} as const;
const eachTier = (value: bigint) => Array.from({ length: 5 }, () => value);
const STAKING_MULTI = {
  inviteValids: Array.from({ length: 10 }, (_, i) => BigInt(i + 1)),
  teamAmounts: [1e3, 5e3, 1e4, 3e4, 1e5, 3e5, 1e6, 3e6, 1e7, 3e7].map((v) => parseEther(String(v))),
  teamRates: Array.from({ length: 10 }, (_, i) => BigInt((i + 1) * 200)),
  stakeDays: [7n, 30n, 90n, 180n, 360n],
  stakeRates: [20n, 30n, 40n, 50n, 45n],
  stakeStocks: eachTier(parseEther("10000000")),
  stakeMins: eachTier(parseEther("100")),
  stakeMaxs: eachTier(parseEther("100000")),
  stakeUserMaxs: eachTier(parseEther("200000")),
};
/** The fee-taking tokens (Ownable2Step); each gets a USDT pair on the DEX (`Pair_<Name>_Usdt`). */
const FEE_TOKENS = ["SwapToken", "BurnToken", "MiningToken"] as const;
/** The UUPS proxies; their owner upgrades them. */
const OWNED_PROXIES = [
  "Presale",
  "Ido",
  "Staking",
  "LpSwap",
  "HoldDividend",
  "NodeReward",
  "LpDividend",
] as const;
/** LpSwap's daily release rates in basis points of what was locked: 1% of LP, 2% of tokens. */
const LPSWAP_LP_RATE = 100n;
const LPSWAP_TOKEN_RATE = 200n;
/** NodeReward's split of the node fee share among node classes A, B, C, in basis points. */
const NODE_RATES = [5000n, 3000n, 2000n] as const;
/** The smallest payment LpDividend's `sendReward` makes (smaller amounts wait and grow). */
const LP_DIVIDEND_REWARD_MIN = parseEther("0.01");
/** Local starting pool of each fee token: 1,000,000 tokens against 100,000 USDT, 0.1 USDT a token. */
const POOL_TOKENS = parseEther("1000000");
const POOL_USDT = parseEther("100000");

/** The timelock's minimum delay on the local chain where TIMELOCK_DELAY is unset (a real network must set it). */
const LOCAL_TIMELOCK_DELAY = 120n;
/** What the demo state gives each demo account. */
const DEMO_USDT = parseEther("100000");

/** What a deploy wrote: its deployment file as the registry validated it, with the DEX it checked. */
export type Deployment = RegistryDeployment & { dex: Dex };

/** Multicall3 has the same address on every chain that has it (BSC and its testnet do). */
export const MULTICALL3: Address = "0xcA11bde05977b3631167028862bE2a173976CA11";

/**
 * Real networks: their DEX and the addresses the deploy will suggest (never assume: a real deploy is told its
 * USDT and router). BSC-USD has 18 decimals; PancakeSwap V2 keeps 0.25% of each input.
 */
export const NETWORKS: Record<number, { name: string; dex: Dex; usdt?: Address; router: Address }> = {
  56: {
    name: "BNB Smart Chain",
    dex: PANCAKESWAP_V2,
    usdt: "0x55d398326f99059fF775485246999027B3197955",
    router: "0x10ED43C718714eb63d5aA57B78B54704E256024E",
  },
  97: {
    name: "BNB Smart Chain testnet",
    dex: PANCAKESWAP_V2,
    router: "0xD99D1c33F9fC3444f8101754aBC46c52416550D1",
  },
};

export type DeployOptions = {
  rpcUrl: string;
  /** The deployer: a private key (dev chains, tests), or a signer (a keystore's key, an external signer). */
  deployer: Hex | Signer;
  /** Presale manager (e.g. a Safe): dev account 1 locally; required on a real network. */
  manager?: Address;
  /** Referral root registered at deploy; defaults to the deployer. */
  root?: Address;
  /** Receives the presale payments net of referral rewards and the tokens' market fee; required on a real network. */
  treasury?: Address;
  /** USDT (18 decimals) to reuse; required on a real network, deployed on the local chain. */
  usdt?: Address;
  /** A Uniswap-V2-design router to trade through (its factory creates the pairs); required on a real network. */
  router?: Address;
  /** The router's DEX; defaults to the network's (PancakeSwap V2 on 56/97, Uniswap V2 locally). */
  dex?: Dex;
  /**
   * Demo state for journeys: pools seeded and trading open, demo accounts funded (minted locally, else from the
   * deployer's USDT) and members registered. Default: on the local chain only.
   */
  demo?: boolean;
  log?: (line: string) => void;
  /** Folder for <chainId>.json; defaults to the repository's deployments/. */
  outDir?: string;
  timelock?: TimelockOptions;
  /**
   * Shown the plan before anything is sent; false stops the deploy. A real network's deploy also keeps a
   * journal (`<chainId>.journal.json` in outDir) to resume from after a failure.
   */
  confirm?: (plan: string[]) => Promise<boolean>;
};

/** Who holds the owner powers after the deploy (docs/manager.md): a TimelockController without admin. */
export type TimelockOptions = {
  /** Schedule, execute and cancel owner calls (e.g. a Safe); defaults to the deployer, required on a real network. */
  proposers?: readonly Address[];
  /** May cancel a scheduled call, nothing else. */
  guardian?: Address;
  /** Minimum delay in seconds between scheduling and executing; 120 s locally, required on a real network. */
  delay?: bigint;
};

/** The settings a deploy to a real network refuses to run without, named as deploy-cli reads them. */
function missingSettings(options: DeployOptions, chainId: number): string[] {
  const known = NETWORKS[chainId];
  const missing: string[] = [];
  if (!options.timelock?.proposers?.length)
    missing.push("TIMELOCK_PROPOSERS (the Safe that will own every contract)");
  if (options.timelock?.delay === undefined)
    missing.push("TIMELOCK_DELAY (seconds; members are promised 48 h = 172800)");
  if (!options.treasury) missing.push("TREASURY_ADDRESS (receives the presale payments and the market fee)");
  if (!options.manager)
    missing.push("PRESALE_MANAGER (the Safe of the day-to-day settings; never the deployer's hot key)");
  if (!options.usdt) missing.push(`USDT_ADDRESS${known?.usdt ? ` (BSC-USD is ${known.usdt})` : ""}`);
  if (!options.router) missing.push(`ROUTER_ADDRESS${known ? ` (PancakeSwap V2's is ${known.router})` : ""}`);
  return missing;
}

/**
 * The deploy in five phases, each below: the tokens and the DEX they trade on, the core contracts, their wiring
 * (and the demo state on a dev chain), the handover of every owner power to the Timelock, and the outputs (the
 * deployment file and, on a real network, the verification inputs).
 */
export async function deploy(options: DeployOptions): Promise<Deployment> {
  const run = await prepare(options);
  run.log(`deploying to chain ${run.chainId} from ${run.account.address}`);
  const contracts = await deployTokensAndDex(run);
  Object.assign(contracts, await deployCore(run, contracts));
  await wire(run, contracts);
  if (run.settings.demo) await seedDemo(run, contracts);
  // after any liquidity: the oracle's average starts from the pair's price
  await priceTokenDeposits(run, contracts);
  contracts.Timelock = await handOver(run, contracts);
  return writeOutputs(run, contracts);
}

/** A deploy under way: its chain, signer, settings, and the journal every transaction goes through. */
type Run = Awaited<ReturnType<typeof prepare>>;
type Contracts = Record<string, Address>;

/** Checks the settings and the reused contracts, shows the plan, opens the journal: nothing is sent before. */
async function prepare(options: DeployOptions) {
  const log = options.log ?? console.log;
  const signer: Signer =
    typeof options.deployer === "string"
      ? { account: privateKeyToAccount(options.deployer), from: "a private key" }
      : options.deployer;
  const { account } = signer;
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();
  const chain = chainAt(chainId, options.rpcUrl);
  const wallet = await walletOf(signer, chain);
  const isLocal = chainId === LOCAL_CHAIN_ID;
  const outDir = options.outDir ?? DEPLOYMENTS_DIR;

  if (!isLocal) {
    const missing = missingSettings(options, chainId);
    if (missing.length) {
      throw new Error(`a deploy to chain ${chainId} needs these settings:\n  ${missing.join("\n  ")}`);
    }
    if (getAddress(options.manager!) === account.address)
      throw new Error(
        "PRESALE_MANAGER is the deployer: on a real network the manager is a Safe, never its hot key",
      );
  }
  const proposers = (options.timelock?.proposers ?? [account.address]).map((p) => getAddress(p));
  if (proposers.length === 0) throw new Error("the timelock needs at least one proposer");
  const dex = options.dex ?? NETWORKS[chainId]?.dex ?? UNISWAP_V2;
  const settings = {
    proposers,
    guardian: options.timelock?.guardian && getAddress(options.timelock.guardian),
    delay: options.timelock?.delay ?? LOCAL_TIMELOCK_DELAY,
    treasury: getAddress(options.treasury ?? account.address),
    manager: options.manager ?? devAccount(DEV_ROLES.manager).address,
    root: options.root ?? account.address,
    dex,
    demo: options.demo ?? isLocal,
  };
  const reused = await checkReused(publicClient, options, dex);
  const plan = planOf({ chainId, signer, settings, reused });
  if (!isLocal && options.confirm && !(await options.confirm(plan)))
    throw new Error("deploy cancelled: nothing was sent");
  mkdirSync(outDir, { recursive: true });
  const journal = await DeployJournal.open(
    isLocal ? undefined : join(outDir, `${chainId}.journal.json`),
    publicClient,
    { account: account.address, ...settings, delay: String(settings.delay), reused },
    log,
  );
  /** the block each created contract was mined in, and what this deploy created (for verification) */
  const deployedIn = new Map<Address, number>();
  const created: Created[] = [];

  async function send(to: Address, abi: Abi, functionName: string, args: readonly unknown[] = []) {
    const data = encodeFunctionData({ abi, functionName, args });
    await journal.step(`${functionName} on ${to}`, async () => {
      // Headroom over the estimate: a call's gas can depend on the block's time (setPriceOracle stores a
      // pair's cumulative price, zero in the estimate's block and not in a later one); only gas used is paid.
      const gas = ((await publicClient.estimateGas({ account, to, data })) * 3n) / 2n;
      return wallet.sendTransaction({ to, data, gas });
    });
  }

  async function create(
    name: ContractName,
    args: readonly unknown[] = [],
    label: string = name,
  ): Promise<Address> {
    const { abi, bytecode } = loadArtifact(name);
    const mined = await journal.step(`create ${label}`, () => wallet.deployContract({ abi, bytecode, args }));
    if (!mined.address) throw new Error(`deploying ${name} failed`);
    const address = getAddress(mined.address);
    deployedIn.set(address, mined.block);
    created.push({ label, name, address, args });
    log(`  ${label.padEnd(24)} ${address}`);
    return address;
  }

  return {
    chainId,
    isLocal,
    outDir,
    account,
    transport,
    chain,
    publicClient,
    journal,
    log,
    settings,
    reused,
    deployedIn,
    created,
    send,
    create,
    /** A UUPS proxy in front of a fresh implementation, initialised in the same transaction. */
    proxy: async (name: (typeof OWNED_PROXIES)[number], initData: Hex) =>
      create("ERC1967Proxy", [await create(name, [], `${name} implementation`), initData], `${name} proxy`),
  };
}

/** What the deploy will do, shown before anything is sent. */
function planOf({
  chainId,
  signer,
  settings,
  reused,
}: {
  chainId: number;
  signer: Signer;
  settings: Run["settings"];
  reused: Reused;
}): string[] {
  const { proposers, guardian, delay, manager, root, treasury, dex } = settings;
  const deployer = signer.account.address;
  return [
    `deploy to chain ${chainId}${NETWORKS[chainId] ? ` (${NETWORKS[chainId].name})` : ""} from ${deployer}`,
    `signed by ${signer.from}${signer.url ? ": confirm each transaction on it as it comes" : ""}`,
    `reuse: ${
      reused.usdt ? `USDT ${reused.usdt}, ` : ""
    }${reused.router ? `router ${reused.router} (factory ${reused.factory}), ` : ""}Multicall3 ${reused.multicall3 ?? "(deployed)"}`,
    `DEX: fee ${dex.feeBps / 100}% (checked against the router), pair init-code hash ${dex.initCodeHash}`,
    `deploy: ${[
      ...(reused.usdt ? [] : ["Usdt"]),
      ...(reused.router ? [] : ["Wbnb", "Factory", "Router"]),
      ...(reused.multicall3 ? [] : ["Multicall3"]),
      `${FEE_TOKENS.join(", ")} with their USDT pairs`,
      `${OWNED_PROXIES.join(", ")} (UUPS proxies)`,
      "DataReader",
      "Timelock",
    ].join(", ")}`,
    `owner of every contract: the Timelock, minimum delay ${delay} s, no admin; proposers, executors and cancellers ${proposers.join(", ")}${guardian ? `; guardian (cancel only) ${guardian}` : ""}`,
    `the deployer keeps ${proposers.includes(deployer) ? "the roles of a proposer" : "no role"} and the token supply not sent to Ido and Staking`,
    `Presale manager ${manager}, referral root ${root}, treasury (presale payments, market fee) ${treasury}`,
    settings.demo
      ? "demo state: pools seeded, trading open, demo accounts funded and registered"
      : "no demo state: trading stays closed until the owner opens it",
  ];
}

/**
 * The fee accounts the tokens start with: the market share to the treasury, the node and dividend shares to
 * the deployer until the distributors (which need the tokens' addresses) take them over in the wiring.
 */
const startingFeeAccounts = (run: Run) => ({
  market: run.settings.treasury,
  node: run.account.address,
  trc: zeroAddress,
  main: zeroAddress,
  distributor: run.account.address,
});

/** Phase 1: USDT, the DEX and Multicall3 (reused on a real network), then the three tokens and their pairs. */
async function deployTokensAndDex(run: Run): Promise<Contracts> {
  const { create, reused, publicClient, account } = run;
  const { dex } = run.settings;
  const contracts: Contracts = {};
  contracts.Usdt = reused.usdt ?? (await create("Usdt"));
  if (reused.router && reused.factory) {
    contracts.Factory = reused.factory;
    contracts.Router = reused.router;
  } else {
    contracts.Wbnb = await create("Wbnb");
    contracts.Factory = await create("Factory", [account.address]);
    contracts.Router = await create("Router", [contracts.Factory, contracts.Wbnb]);
    await checkDexFee(publicClient, contracts.Router, dex);
  }
  contracts.Multicall3 = reused.multicall3 ?? (await create("Multicall3"));

  const tokenArgs = [
    account.address,
    account.address,
    TOKEN_SUPPLY,
    contracts.Router,
    contracts.Usdt,
    startingFeeAccounts(run),
  ];
  contracts.SwapToken = await create("SwapToken", tokenArgs);
  contracts.BurnToken = await create("BurnToken", ["Taichi Burn", "TCBURN", ...tokenArgs]);
  contracts.MiningToken = await create("MiningToken", ["Taichi Mining", "TCMINE", ...tokenArgs]);
  for (const name of FEE_TOKENS) {
    const pair = await publicClient.readContract({
      address: contracts[name]!,
      abi: swapTokenAbi,
      functionName: "swapPair",
    });
    if (pair !== pairFor(contracts.Factory, contracts[name]!, contracts.Usdt, dex)) {
      throw new Error(
        `${name}'s pair ${pair} is not where the pair init-code hash ${dex.initCodeHash} puts it: set DEX_INIT_CODE_HASH to the factory's`,
      );
    }
    contracts[`Pair_${name}_Usdt`] = pair;
    run.deployedIn.set(pair, run.deployedIn.get(contracts[name]!)!); // the token's constructor creates its pair
  }
  return contracts;
}

/**
 * Phase 2: the referral registry (Presale), the sale (Ido), Staking and its reader, LpSwap and the three
 * distributors, each behind its proxy and initialised with the deployer as owner until the handover.
 */
async function deployCore(run: Run, c: Contracts): Promise<Contracts> {
  const { proxy, create } = run;
  const owner = run.account.address;
  const init = (abi: Abi, args: readonly unknown[]) =>
    encodeFunctionData({ abi, functionName: "initialize", args });
  const core: Contracts = {};
  core.Presale = await proxy("Presale", init(presaleAbi, [owner, run.settings.manager, run.settings.root]));
  // The sale opens now and runs 30 days; tokens are claimable when it ends. Managers reschedule it.
  const now = (await run.publicClient.getBlock()).timestamp;
  const saleEnd = now + 30n * 86_400n;
  core.Ido = await proxy(
    "Ido",
    init(idoAbi, [owner, core.Presale, c.Usdt, c.SwapToken, run.settings.treasury, now, saleEnd, saleEnd]),
  );
  core.Staking = await proxy("Staking", init(stakingAbi, [owner, core.Presale, c.Usdt, c.SwapToken]));
  core.DataReader = await create("DataReader", [core.Staking, core.Ido]);
  core.LpSwap = await proxy(
    "LpSwap",
    init(lpSwapAbi, [
      owner,
      core.Presale,
      c.Pair_SwapToken_Usdt,
      c.SwapToken,
      86_400n,
      LPSWAP_LP_RATE,
      LPSWAP_TOKEN_RATE,
    ]),
  );
  // Fee flows (docs/dividends.md): SwapToken's node share to NodeReward and its dividend share to its holders
  // (HoldDividend); BurnToken's dividend share to the holders of its USDT pair's LP tokens (LpDividend).
  core.HoldDividend = await proxy("HoldDividend", init(holdDividendAbi, [owner, core.Presale, c.SwapToken]));
  core.NodeReward = await proxy(
    "NodeReward",
    init(nodeRewardAbi, [owner, core.Presale, c.SwapToken, NODE_RATES]),
  );
  core.LpDividend = await proxy(
    "LpDividend",
    init(lpDividendAbi, [owner, core.Presale, c.BurnToken, c.Pair_BurnToken_Usdt, LP_DIVIDEND_REWARD_MIN]),
  );
  return core;
}

/**
 * Phase 3: Ido and Staking may register members and hold SwapToken without fees, get the tokens they pay out,
 * Staking its settings; LpSwap trades fee-free; the tokens' fee shares go to the distributors.
 */
async function wire(run: Run, c: Contracts) {
  const { send } = run;
  await send(c.Presale!, presaleAbi, "setRegistrar", [c.Ido, true]);
  await send(c.Presale!, presaleAbi, "setRegistrar", [c.Staking, true]);
  await send(c.SwapToken!, swapTokenAbi, "setFeeExempt", [c.Ido, true]);
  await send(c.SwapToken!, swapTokenAbi, "transfer", [c.Ido, IDO_TOKENS]);
  await send(c.Staking!, stakingAbi, "setConfigMulti", [STAKING_MULTI]);
  await send(c.Staking!, stakingAbi, "setConfig", [STAKING_SETTINGS]);
  await send(c.Staking!, stakingAbi, "setIncomeRates", [STAKING_INCOME_RATES]);
  await send(c.SwapToken!, swapTokenAbi, "setFeeExempt", [c.Staking, true]);
  await send(c.SwapToken!, swapTokenAbi, "transfer", [c.Staking, STAKING_TOKEN_POOL]);
  await send(c.SwapToken!, swapTokenAbi, "setFeeExempt", [c.LpSwap, true]);
  const feeAccounts = startingFeeAccounts(run);
  await send(c.SwapToken!, swapTokenAbi, "setAccounts", [
    { ...feeAccounts, node: c.NodeReward, distributor: c.HoldDividend },
  ]);
  // HoldDividend is told of every transfer out of a holder, so a sender's share drops with its tokens.
  await send(c.SwapToken!, swapTokenAbi, "setShareDistributor", [c.HoldDividend]);
  await send(c.BurnToken!, swapTokenAbi, "setAccounts", [{ ...feeAccounts, distributor: c.LpDividend }]);
}

/**
 * The demo state of a dev chain (and the rehearsal when asked): the staking USDT pool, the three pools seeded
 * and trading open, demo accounts funded and members registered. USDT is minted on the local chain and sent
 * from the deployer's elsewhere.
 */
async function seedDemo(run: Run, c: Contracts) {
  const { send, log, account } = run;
  async function provideUsdt(to: Address, amount: bigint) {
    if (run.isLocal) await send(c.Usdt!, usdtAbi, "mint", [to, amount]);
    else if (to !== account.address) await send(c.Usdt!, usdtAbi, "transfer", [to, amount]);
  }
  log("funding the staking USDT reward pool");
  await provideUsdt(c.Staking!, STAKING_USDT_POOL);
  const now = (await run.publicClient.getBlock()).timestamp;
  for (const name of FEE_TOKENS) {
    log(`seeding ${name}/USDT liquidity and opening trading`);
    const token = c[name]!;
    await provideUsdt(account.address, POOL_USDT);
    await send(c.Usdt!, usdtAbi, "approve", [c.Router, POOL_USDT]);
    await send(token, swapTokenAbi, "approve", [c.Router, POOL_TOKENS]);
    await send(c.Router!, routerAbi, "addLiquidity", [
      token,
      c.Usdt,
      POOL_TOKENS,
      POOL_USDT,
      0n,
      0n,
      account.address,
      now + 3600n,
    ]);
    await send(token, swapTokenAbi, "setOpening", [now, 0n]);
  }
  log("seeding demo accounts");
  for (const index of [...DEV_ROLES.members, ...DEV_ROLES.newcomers]) {
    await provideUsdt(devAccount(index).address, DEMO_USDT);
  }
  for (const index of DEV_ROLES.members) {
    const member = createWalletClient({
      account: devAccount(index),
      transport: run.transport,
      chain: run.chain,
    });
    await run.journal.step(`register ${member.account.address}`, () =>
      member.sendTransaction({
        to: c.Presale!,
        data: encodeFunctionData({ abi: presaleAbi, functionName: "register", args: [run.settings.root] }),
      }),
    );
  }
}

/** Staking values token deposits by the SwapToken/USDT pair's average price (STAKING_PRICE_WINDOW). */
async function priceTokenDeposits(run: Run, c: Contracts) {
  run.log("pricing staking token deposits by the SwapToken/USDT pair");
  await run.send(c.Staking!, stakingAbi, "setPriceOracle", [
    c.Pair_SwapToken_Usdt,
    STAKING_PRICE_WINDOW,
    STAKING_PRICE_DEVIATION,
  ]);
}

/**
 * Phase 4: hands every owned contract to a new TimelockController that has no admin but itself. It starts with
 * no delay and the deployer as its only proposer and executor, so that one batch, scheduled and executed at
 * once, can accept the Ownable2Step tokens, give the roles to their holders, take the deployer's away and set
 * the delay; the deployer keeps no owner power it was not configured to hold.
 */
async function handOver(run: Run, owned: Contracts): Promise<Address> {
  const { send, create, log, publicClient, account } = run;
  const { proposers, guardian, delay } = run.settings;
  const timelock = await create("Timelock", [0n, [account.address], [account.address], zeroAddress]);
  const role = (name: "PROPOSER_ROLE" | "EXECUTOR_ROLE" | "CANCELLER_ROLE") =>
    publicClient.readContract({ address: timelock, abi: timelockAbi, functionName: name });
  const [proposer, executor, canceller] = (await Promise.all(
    (["PROPOSER_ROLE", "EXECUTOR_ROLE", "CANCELLER_ROLE"] as const).map(role),
  )) as [Hex, Hex, Hex];

  for (const name of [...OWNED_PROXIES, ...FEE_TOKENS]) {
    await send(owned[name]!, swapTokenAbi, "transferOwnership", [timelock]);
  }
  const onTimelock = (functionName: "grantRole" | "revokeRole", [role, holder]: readonly [Hex, Address]) => ({
    target: timelock,
    data: encodeFunctionData({ abi: timelockAbi, functionName, args: [role, holder] }),
  });
  const grants = proposers.flatMap((p) => [proposer, executor, canceller].map((r) => [r, p] as const));
  if (guardian) grants.push([canceller, guardian]);
  const revokes = proposers.includes(account.address)
    ? []
    : [proposer, executor, canceller].map((r) => [r, account.address] as const);
  const batch = [
    ...FEE_TOKENS.map((name) => ({
      target: owned[name]!,
      data: encodeFunctionData({ abi: swapTokenAbi, functionName: "acceptOwnership" }),
    })),
    ...grants.map((grant) => onTimelock("grantRole", grant)),
    ...revokes.map((revoke) => onTimelock("revokeRole", revoke)),
    {
      target: timelock,
      data: encodeFunctionData({ abi: timelockAbi, functionName: "updateDelay", args: [delay] }),
    },
  ];
  const targets = batch.map((call) => call.target);
  const values = batch.map(() => 0n);
  const payloads = batch.map((call) => call.data);
  await send(timelock, timelockAbi, "scheduleBatch", [targets, values, payloads, zeroHash, zeroHash, 0n]);
  await send(timelock, timelockAbi, "executeBatch", [targets, values, payloads, zeroHash, zeroHash]);
  log(`handed over to the Timelock ${timelock} (no admin, minimum delay ${delay} s):`);
  log(`  owner of                 ${[...OWNED_PROXIES, ...FEE_TOKENS].join(", ")}`);
  log(`  proposers and executors  ${proposers.join(", ")}`);
  log(`  cancellers               ${[...proposers, ...(guardian ? [guardian] : [])].join(", ")}`);
  log(`  the deployer ${account.address} keeps ${revokes.length ? "no role" : "the roles of a proposer"}`);
  return timelock;
}

/** Phase 5: the deployment file, and on a real network the explorer's verification inputs and commands. */
function writeOutputs(run: Run, contracts: Contracts): Deployment {
  const blocks = Object.fromEntries(
    Object.entries(contracts).flatMap(([name, address]) => {
      const block = run.deployedIn.get(address);
      return block === undefined ? [] : [[name, block]];
    }),
  );
  const file: DeploymentFile = { chainId: run.chainId, contracts, blocks, dex: run.settings.dex };
  // Validated before it is written: a deploy that left a contract out fails here, not in the app.
  const source = deploymentPath(run.outDir, run.chainId);
  const deployment = { ...parseDeployment(file, { source, chainId: run.chainId }), dex: run.settings.dex };
  writeDeploymentFile(run.outDir, file);
  if (!run.isLocal) {
    const dir = writeVerificationInputs(join(run.outDir, `${run.chainId}-verify`), run.chainId, run.created);
    run.log(`verification inputs (standard JSON per contract) and forge verify-contract commands in ${dir}`);
  }
  return deployment;
}

/** `<outDir>/<chainId>.json`: the deployment file every other part reads. */
export function writeDeploymentFile(outDir: string, file: DeploymentFile) {
  mkdirSync(outDir, { recursive: true });
  writeFileSync(deploymentPath(outDir, file.chainId), `${JSON.stringify(file, null, 2)}\n`);
}

/** The deployment file a deploy wrote in `dir` for `chainId`, with the DEX it records (every deploy records it). */
export function readDeploymentWithDex(dir: string, chainId: number): Deployment {
  const { dex, ...deployment } = readDeployment(dir, chainId);
  if (!dex) throw new Error(`${deployment.source} records no DEX ("dex")`);
  return { ...deployment, dex };
}

export const DEPLOYMENTS_DIR = join(REPO_ROOT, "deployments");

type Reused = { usdt?: Address; router?: Address; factory?: Address; multicall3?: Address };

/** The external contracts a deploy reuses, each checked on chain first: code, 18 decimals, the DEX's fee and hash. */
async function checkReused(client: PublicClient, options: DeployOptions, dex: Dex): Promise<Reused> {
  const withCode = async (address: Address, what: string) => {
    const code = await client.getCode({ address });
    if (!code || code === "0x") throw new Error(`${what} ${address} has no code on this chain`);
    return getAddress(address);
  };
  const reused: Reused = {};
  if (options.usdt) {
    reused.usdt = await withCode(options.usdt, "USDT_ADDRESS");
    const decimals = await client.readContract({
      address: reused.usdt,
      abi: usdtAbi,
      functionName: "decimals",
    });
    if (decimals !== 18) throw new Error(`USDT_ADDRESS ${reused.usdt} has ${decimals} decimals, not 18`);
  }
  if (options.router) {
    reused.router = await withCode(options.router, "ROUTER_ADDRESS");
    reused.factory = getAddress(
      await client.readContract({ address: reused.router, abi: routerAbi, functionName: "factory" }),
    );
    await checkDexFee(client, reused.router, dex);
    // PancakeSwap's factories publish their pair hash; Uniswap's does not (the pairs are checked once created).
    const published = await client
      .readContract({
        address: reused.factory,
        abi: initCodePairHashAbi,
        functionName: "INIT_CODE_PAIR_HASH",
      })
      .catch(() => undefined);
    if (published !== undefined && published !== dex.initCodeHash) {
      throw new Error(
        `the factory ${reused.factory} creates pairs with init-code hash ${published}, not ${dex.initCodeHash}: set DEX_INIT_CODE_HASH`,
      );
    }
  }
  const multicall3 = await client.getCode({ address: MULTICALL3 });
  if (multicall3 && multicall3 !== "0x") reused.multicall3 = MULTICALL3;
  return reused;
}

/** The router must price exactly as `dex` says (its library's fee), or every quote would be off. */
async function checkDexFee(client: PublicClient, router: Address, dex: Dex) {
  for (const [amountIn, reserveIn, reserveOut] of [
    [parseEther("1000"), parseEther("100000"), parseEther("1000000")],
    [parseEther("1"), parseEther("3"), parseEther("7")],
  ] as const) {
    const routerOut = await client.readContract({
      address: router,
      abi: routerAbi,
      functionName: "getAmountOut",
      args: [amountIn, reserveIn, reserveOut],
    });
    if (routerOut !== getAmountOut(amountIn, reserveIn, reserveOut, dex)) {
      throw new Error(
        `the router ${router} does not take a ${dex.feeBps / 100}% fee (it pays ${routerOut} for ${amountIn} against ${reserveIn}/${reserveOut}): set DEX_FEE_BPS to its fee`,
      );
    }
  }
}

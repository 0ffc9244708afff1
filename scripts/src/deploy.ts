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
import { DeployJournal } from "./deployJournal.ts";
import { DEV_ROLES, LOCAL_CHAIN_ID, REPO_ROOT, chainAt, devAccount } from "./env.ts";
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

/**
 * `blocks`: the block each contract was deployed in (where an indexer starts); none for reused ones. `dex`: the
 * DEX's fee and pair init-code hash, checked against its router and factory (contracts/dex.ts).
 */
export type Deployment = {
  chainId: number;
  contracts: Record<string, Address>;
  blocks: Record<string, number>;
  dex: Dex;
};

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
  deployerKey: Hex;
  /** Presale manager (e.g. a Safe); dev account 1 on the local chain, required on a real network. */
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
  if (!options.manager)
    missing.push("PRESALE_MANAGER (a Safe: the deployer's key is never the manager on a real network)");
  if (!options.treasury) missing.push("TREASURY (receives the presale payments and the market fee)");
  if (!options.usdt) missing.push(`USDT_ADDRESS${known?.usdt ? ` (BSC-USD is ${known.usdt})` : ""}`);
  if (!options.router) missing.push(`ROUTER_ADDRESS${known ? ` (PancakeSwap V2's is ${known.router})` : ""}`);
  return missing;
}

export async function deploy(options: DeployOptions): Promise<Deployment> {
  const log = options.log ?? console.log;
  const account = privateKeyToAccount(options.deployerKey);
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();
  const chain = chainAt(chainId, options.rpcUrl);
  const wallet = createWalletClient({ account, transport, chain });
  const isLocal = chainId === LOCAL_CHAIN_ID;
  const demo = options.demo ?? isLocal;
  const outDir = options.outDir ?? DEPLOYMENTS_DIR;

  // checked before anything is sent
  if (!isLocal) {
    const missing = missingSettings(options, chainId);
    if (missing.length) {
      throw new Error(`a deploy to chain ${chainId} needs these settings:\n  ${missing.join("\n  ")}`);
    }
  }
  const proposers = (options.timelock?.proposers ?? [account.address]).map((p) => getAddress(p));
  if (proposers.length === 0) throw new Error("the timelock needs at least one proposer");
  const config = {
    guardian: options.timelock?.guardian && getAddress(options.timelock.guardian),
    delay: options.timelock?.delay ?? LOCAL_TIMELOCK_DELAY,
  };
  const treasury = getAddress(options.treasury ?? account.address);
  const manager = options.manager ?? devAccount(DEV_ROLES.manager).address;
  const root = options.root ?? account.address;
  const dex = options.dex ?? NETWORKS[chainId]?.dex ?? UNISWAP_V2;
  const reused = await checkReused(publicClient, options, dex);

  const plan = [
    `deploy to chain ${chainId}${NETWORKS[chainId] ? ` (${NETWORKS[chainId].name})` : ""} from ${account.address}`,
    `reuse: ${
      reused.usdt ? `USDT ${reused.usdt}, ` : ""
    }${reused.router ? `router ${reused.router} (factory ${reused.factory}), ` : ""}Multicall3 ${reused.multicall3 ?? "(deployed)"}`,
    `DEX: fee ${dex.feeBps / 100}% (checked against the router), pair init-code hash ${dex.initCodeHash}`,
    `deploy: ${[
      ...(reused.usdt ? [] : ["Usdt"]),
      ...(reused.router ? [] : ["Wbnb", "Factory", "Router"]),
      ...(reused.multicall3 ? [] : ["Multicall3"]),
      `${OWNED_PROXIES.join(", ")} (UUPS proxies)`,
      `${FEE_TOKENS.join(", ")} with their USDT pairs`,
      "DataReader",
      "Timelock",
    ].join(", ")}`,
    `owner of every contract: the Timelock, minimum delay ${config.delay} s, no admin; proposers, executors and cancellers ${proposers.join(", ")}${config.guardian ? `; guardian (cancel only) ${config.guardian}` : ""}`,
    `the deployer keeps ${proposers.includes(account.address) ? "the roles of a proposer" : "no role"} and the token supply not sent to Ido and Staking`,
    `Presale manager ${manager}, referral root ${root}, treasury (presale payments, market fee) ${treasury}`,
    demo
      ? "demo state: pools seeded, trading open, demo accounts funded and registered"
      : "no demo state: trading stays closed until the owner opens it",
  ];
  if (!isLocal && options.confirm && !(await options.confirm(plan)))
    throw new Error("deploy cancelled: nothing was sent");
  mkdirSync(outDir, { recursive: true });
  const journal = await DeployJournal.open(
    isLocal ? undefined : join(outDir, `${chainId}.journal.json`),
    publicClient,
    {
      account: account.address,
      proposers,
      ...config,
      delay: String(config.delay),
      treasury,
      manager,
      root,
      dex,
      demo,
      reused,
    },
    log,
  );

  async function send(to: Address, abi: Abi, functionName: string, args: readonly unknown[]) {
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

  async function proxy(name: (typeof OWNED_PROXIES)[number], initData: Hex): Promise<Address> {
    const implementation = await create(name, [], `${name} implementation`);
    return create("ERC1967Proxy", [implementation, initData], `${name} proxy`);
  }

  /**
   * Hands every owned contract to a new TimelockController that has no admin but itself. It starts with no
   * delay and the deployer as its only proposer and executor, so that one batch, scheduled and executed at
   * once, can accept the Ownable2Step tokens, give the roles to their holders, take the deployer's away and
   * set the delay; the deployer keeps no owner power it was not configured to hold.
   */
  async function handOver(owned: Record<string, Address>): Promise<Address> {
    const timelock = await create("Timelock", [0n, [account.address], [account.address], zeroAddress]);
    const role = (name: "PROPOSER_ROLE" | "EXECUTOR_ROLE" | "CANCELLER_ROLE") =>
      publicClient.readContract({ address: timelock, abi: timelockAbi, functionName: name });
    const [proposer, executor, canceller] = (await Promise.all(
      (["PROPOSER_ROLE", "EXECUTOR_ROLE", "CANCELLER_ROLE"] as const).map(role),
    )) as [Hex, Hex, Hex];

    for (const name of [...OWNED_PROXIES, ...FEE_TOKENS]) {
      await send(owned[name]!, swapTokenAbi, "transferOwnership", [timelock]);
    }
    const onTimelock = (
      functionName: "grantRole" | "revokeRole",
      [role, holder]: readonly [Hex, Address],
    ) => ({
      target: timelock,
      data: encodeFunctionData({ abi: timelockAbi, functionName, args: [role, holder] }),
    });
    const grants = proposers.flatMap((p) => [proposer, executor, canceller].map((r) => [r, p] as const));
    if (config.guardian) grants.push([canceller, config.guardian]);
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
        data: encodeFunctionData({ abi: timelockAbi, functionName: "updateDelay", args: [config.delay] }),
      },
    ];
    const targets = batch.map((c) => c.target);
    const values = batch.map(() => 0n);
    const payloads = batch.map((c) => c.data);
    await send(timelock, timelockAbi, "scheduleBatch", [targets, values, payloads, zeroHash, zeroHash, 0n]);
    await send(timelock, timelockAbi, "executeBatch", [targets, values, payloads, zeroHash, zeroHash]);
    log(`handed over to the Timelock ${timelock} (no admin, minimum delay ${config.delay} s):`);
    log(`  owner of                 ${[...OWNED_PROXIES, ...FEE_TOKENS].join(", ")}`);
    log(`  proposers and executors  ${proposers.join(", ")}`);
    log(
      `  cancellers               ${[...proposers, ...(config.guardian ? [config.guardian] : [])].join(", ")}`,
    );
    log(`  the deployer ${account.address} keeps ${revokes.length ? "no role" : "the roles of a proposer"}`);
    return timelock;
  }

  log(`deploying to chain ${chainId} from ${account.address}`);
  const contracts: Record<string, Address> = {};
  const deployedIn = new Map<Address, number>();
  /** what this deploy created, for the verification inputs */
  const created: Created[] = [];

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

  /** Demo USDT: minted on the local chain, elsewhere sent from what the deployer holds. */
  async function provideUsdt(to: Address, amount: bigint) {
    if (isLocal) await send(contracts.Usdt!, usdtAbi, "mint", [to, amount]);
    else if (to !== account.address) await send(contracts.Usdt!, usdtAbi, "transfer", [to, amount]);
  }

  contracts.Presale = await proxy(
    "Presale",
    encodeFunctionData({
      abi: presaleAbi,
      functionName: "initialize",
      args: [account.address, manager, root],
    }),
  );

  // The tokens pay the market share to the treasury and start with the deployer as node and dividend
  // destination; the distributors, which need the tokens' addresses, take those two over below.
  const feeAccounts = {
    market: treasury,
    node: account.address,
    trc: zeroAddress,
    main: zeroAddress,
    distributor: account.address,
  };
  const tokenArgs = [
    account.address,
    account.address,
    TOKEN_SUPPLY,
    contracts.Router,
    contracts.Usdt,
    feeAccounts,
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
    deployedIn.set(pair, deployedIn.get(contracts[name]!)!); // the token's constructor creates its pair
  }

  // The sale opens now and runs 30 days; tokens are claimable when it ends. Managers reschedule it.
  const now = (await publicClient.getBlock()).timestamp;
  const saleEnd = now + 30n * 86_400n;
  contracts.Ido = await proxy(
    "Ido",
    encodeFunctionData({
      abi: idoAbi,
      functionName: "initialize",
      args: [
        account.address,
        contracts.Presale,
        contracts.Usdt,
        contracts.SwapToken,
        treasury,
        now,
        saleEnd,
        saleEnd,
      ],
    }),
  );
  await send(contracts.Presale, presaleAbi, "setRegistrar", [contracts.Ido, true]);
  await send(contracts.SwapToken, swapTokenAbi, "setFeeExempt", [contracts.Ido, true]);
  await send(contracts.SwapToken, swapTokenAbi, "transfer", [contracts.Ido, IDO_TOKENS]);

  contracts.Staking = await proxy(
    "Staking",
    encodeFunctionData({
      abi: stakingAbi,
      functionName: "initialize",
      args: [account.address, contracts.Presale, contracts.Usdt, contracts.SwapToken],
    }),
  );
  await send(contracts.Presale, presaleAbi, "setRegistrar", [contracts.Staking, true]);
  await send(contracts.Staking, stakingAbi, "setConfigMulti", [STAKING_MULTI]);
  await send(contracts.Staking, stakingAbi, "setConfig", [STAKING_SETTINGS]);
  await send(contracts.Staking, stakingAbi, "setIncomeRates", [STAKING_INCOME_RATES]);
  await send(contracts.SwapToken, swapTokenAbi, "setFeeExempt", [contracts.Staking, true]);
  await send(contracts.SwapToken, swapTokenAbi, "transfer", [contracts.Staking, STAKING_TOKEN_POOL]);
  contracts.DataReader = await create("DataReader", [contracts.Staking, contracts.Ido]);

  contracts.LpSwap = await proxy(
    "LpSwap",
    encodeFunctionData({
      abi: lpSwapAbi,
      functionName: "initialize",
      args: [
        account.address,
        contracts.Presale,
        contracts.Pair_SwapToken_Usdt!,
        contracts.SwapToken,
        86_400n,
        LPSWAP_LP_RATE,
        LPSWAP_TOKEN_RATE,
      ],
    }),
  );
  await send(contracts.SwapToken, swapTokenAbi, "setFeeExempt", [contracts.LpSwap, true]);

  // Fee flows (docs/dividends.md): SwapToken's node share to NodeReward and its dividend share to its holders
  // (HoldDividend); BurnToken's dividend share to the holders of its USDT pair's LP tokens (LpDividend).
  contracts.HoldDividend = await proxy(
    "HoldDividend",
    encodeFunctionData({
      abi: holdDividendAbi,
      functionName: "initialize",
      args: [account.address, contracts.Presale, contracts.SwapToken],
    }),
  );
  contracts.NodeReward = await proxy(
    "NodeReward",
    encodeFunctionData({
      abi: nodeRewardAbi,
      functionName: "initialize",
      args: [account.address, contracts.Presale, contracts.SwapToken, NODE_RATES],
    }),
  );
  contracts.LpDividend = await proxy(
    "LpDividend",
    encodeFunctionData({
      abi: lpDividendAbi,
      functionName: "initialize",
      args: [
        account.address,
        contracts.Presale,
        contracts.BurnToken,
        contracts.Pair_BurnToken_Usdt!,
        LP_DIVIDEND_REWARD_MIN,
      ],
    }),
  );
  await send(contracts.SwapToken, swapTokenAbi, "setAccounts", [
    { ...feeAccounts, node: contracts.NodeReward, distributor: contracts.HoldDividend },
  ]);
  // HoldDividend is told of every transfer out of a holder, so a sender's share drops with its tokens.
  await send(contracts.SwapToken, swapTokenAbi, "setShareDistributor", [contracts.HoldDividend]);
  await send(contracts.BurnToken, swapTokenAbi, "setAccounts", [
    { ...feeAccounts, distributor: contracts.LpDividend },
  ]);

  if (demo) {
    log("funding the staking USDT reward pool");
    await provideUsdt(contracts.Staking, STAKING_USDT_POOL);
    const deadline = now + 3600n;
    for (const name of FEE_TOKENS) {
      log(`seeding ${name}/USDT liquidity and opening trading`);
      const token = contracts[name]!;
      await provideUsdt(account.address, POOL_USDT);
      await send(contracts.Usdt, usdtAbi, "approve", [contracts.Router, POOL_USDT]);
      await send(token, swapTokenAbi, "approve", [contracts.Router, POOL_TOKENS]);
      await send(contracts.Router, routerAbi, "addLiquidity", [
        token,
        contracts.Usdt,
        POOL_TOKENS,
        POOL_USDT,
        0n,
        0n,
        account.address,
        deadline,
      ]);
      await send(token, swapTokenAbi, "setOpening", [now, 0n]);
    }
  }
  log("pricing staking token deposits by the SwapToken/USDT pair");
  await send(contracts.Staking, stakingAbi, "setPriceOracle", [
    contracts.Pair_SwapToken_Usdt!,
    STAKING_PRICE_WINDOW,
    STAKING_PRICE_DEVIATION,
  ]);

  if (demo) {
    log("seeding demo accounts");
    for (const index of [...DEV_ROLES.members, ...DEV_ROLES.newcomers]) {
      await provideUsdt(devAccount(index).address, DEMO_USDT);
    }
    for (const index of DEV_ROLES.members) {
      const member = createWalletClient({ account: devAccount(index), transport, chain });
      await journal.step(`register ${member.account.address}`, () =>
        member.sendTransaction({
          to: contracts.Presale,
          data: encodeFunctionData({ abi: presaleAbi, functionName: "register", args: [root] }),
        }),
      );
    }
  }

  contracts.Timelock = await handOver(contracts);

  const blocks = Object.fromEntries(
    Object.entries(contracts).flatMap(([name, address]) => {
      const block = deployedIn.get(address);
      return block === undefined ? [] : [[name, block]];
    }),
  );
  const deployment: Deployment = { chainId, contracts, blocks, dex };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${chainId}.json`), `${JSON.stringify(deployment, null, 2)}\n`);
  if (!isLocal) {
    const dir = writeVerificationInputs(join(outDir, `${chainId}-verify`), created);
    log(`verification inputs (standard JSON per contract) in ${dir}`);
  }
  return deployment;
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

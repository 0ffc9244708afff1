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
import { DEV_ROLES, LOCAL_CHAIN_ID, REPO_ROOT, chainAt, devAccount } from "./env.ts";

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

/** The timelock's minimum delay where TIMELOCK_DELAY is unset: two days, but two minutes on the local chain. */
const TIMELOCK_DELAY = 48n * 3600n;
const LOCAL_TIMELOCK_DELAY = 120n;

/** `blocks`: the block each contract was deployed in (where an indexer starts); none for reused ones. */
export type Deployment = {
  chainId: number;
  contracts: Record<string, Address>;
  blocks: Record<string, number>;
};

/** Contracts that already exist on BSC and are reused there instead of deployed. */
const EXISTING: Record<number, Partial<Record<"Usdt" | "Factory" | "Router" | "Multicall3", Address>>> = {
  56: {
    Usdt: "0x55d398326f99059fF775485246999027B3197955",
    Factory: "0xcA143Ce32Fe78f1f7019d7d551a6402fC5350c73",
    Router: "0x10ED43C718714eb63d5aA57B78B54704E256024E",
    Multicall3: "0xcA11bde05977b3631167028862bE2a173976CA11",
  },
  97: {
    Factory: "0x6725F303b657a9451d8BA641348b6761A6CC7a17",
    Router: "0xD99D1c33F9fC3444f8101754aBC46c52416550D1",
    Multicall3: "0xcA11bde05977b3631167028862bE2a173976CA11",
  },
};

export type DeployOptions = {
  rpcUrl: string;
  deployerKey: Hex;
  /** Presale manager; defaults to the deployer (local: dev account 1). */
  manager?: Address;
  /** Referral root registered at deploy; defaults to the deployer. */
  root?: Address;
  /** Receives the presale payments net of referral rewards; defaults to the deployer. */
  fund?: Address;
  /** USDT on a chain that is neither local nor BSC mainnet. */
  usdt?: Address;
  log?: (line: string) => void;
  /** Folder for <chainId>.json; defaults to the repository's deployments/. */
  outDir?: string;
  timelock?: TimelockOptions;
};

/** Who holds the owner powers after the deploy (docs/manager.md): a TimelockController without admin. */
export type TimelockOptions = {
  /** Schedule, execute and cancel owner calls (e.g. a Safe); defaults to the deployer. */
  proposers?: readonly Address[];
  /** May cancel a scheduled call, nothing else. */
  guardian?: Address;
  /** Minimum delay in seconds between scheduling and executing; defaults to 48 h, 120 s locally. */
  delay?: bigint;
};

export async function deploy(options: DeployOptions): Promise<Deployment> {
  const log = options.log ?? console.log;
  const account = privateKeyToAccount(options.deployerKey);
  const transport = http(options.rpcUrl);
  const publicClient = createPublicClient({ transport });
  const chainId = await publicClient.getChainId();
  const chain = chainAt(chainId, options.rpcUrl);
  const wallet = createWalletClient({ account, transport, chain });
  const isLocal = chainId === LOCAL_CHAIN_ID;
  const existing = EXISTING[chainId] ?? {};

  async function send(to: Address, abi: Abi, functionName: string, args: readonly unknown[]) {
    const data = encodeFunctionData({ abi, functionName, args });
    // Headroom over the estimate: a call's gas can depend on the block's time (setPriceOracle stores a
    // pair's cumulative price, zero in the estimate's block and not in a later one); only gas used is paid.
    const gas = ((await publicClient.estimateGas({ account, to, data })) * 3n) / 2n;
    const hash = await wallet.sendTransaction({ to, data, gas });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success") throw new Error(`${functionName} on ${to} reverted (${hash})`);
  }

  async function create(
    name: ContractName,
    args: readonly unknown[] = [],
    label: string = name,
  ): Promise<Address> {
    const { abi, bytecode } = loadArtifact(name);
    const hash = await wallet.deployContract({ abi, bytecode, args });
    const receipt = await publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== "success" || !receipt.contractAddress) throw new Error(`deploying ${name} failed`);
    const address = getAddress(receipt.contractAddress);
    deployedIn.set(address, Number(receipt.blockNumber));
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

  // checked before anything is deployed
  const proposers = (options.timelock?.proposers ?? [account.address]).map((p) => getAddress(p));
  if (proposers.length === 0) throw new Error("the timelock needs at least one proposer");
  const config = {
    guardian: options.timelock?.guardian && getAddress(options.timelock.guardian),
    delay: options.timelock?.delay ?? (isLocal ? LOCAL_TIMELOCK_DELAY : TIMELOCK_DELAY),
  };

  log(`deploying to chain ${chainId} from ${account.address}`);
  const contracts: Record<string, Address> = {};
  const deployedIn = new Map<Address, number>();

  const usdt = existing.Usdt ?? options.usdt ?? (isLocal ? await create("Usdt") : undefined);
  if (!usdt) throw new Error(`USDT address required on chain ${chainId} (set USDT_ADDRESS)`);
  contracts.Usdt = getAddress(usdt);

  if (existing.Factory && existing.Router) {
    contracts.Factory = existing.Factory;
    contracts.Router = existing.Router;
  } else {
    contracts.Wbnb = await create("Wbnb");
    contracts.Factory = await create("Factory", [account.address]);
    contracts.Router = await create("Router", [contracts.Factory, contracts.Wbnb]);
  }
  contracts.Multicall3 = existing.Multicall3 ?? (await create("Multicall3"));

  const manager = options.manager ?? (isLocal ? devAccount(DEV_ROLES.manager).address : account.address);
  const root = options.root ?? account.address;
  contracts.Presale = await proxy(
    "Presale",
    encodeFunctionData({
      abi: presaleAbi,
      functionName: "initialize",
      args: [account.address, manager, root],
    }),
  );

  // The tokens start with the deployer's treasury as every fee destination; the distributors, which need the
  // tokens' addresses, take over the node and dividend shares below.
  const feeAccounts = {
    market: account.address,
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
        options.fund ?? account.address,
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

  if (isLocal) {
    log("funding the staking USDT reward pool");
    await send(contracts.Usdt, usdtAbi, "mint", [contracts.Staking, STAKING_USDT_POOL]);
    const deadline = now + 3600n;
    for (const name of FEE_TOKENS) {
      log(`seeding ${name}/USDT liquidity and opening trading`);
      const token = contracts[name]!;
      await send(contracts.Usdt, usdtAbi, "mint", [account.address, POOL_USDT]);
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

  if (isLocal) {
    log("seeding demo accounts");
    for (const index of [...DEV_ROLES.members, ...DEV_ROLES.newcomers]) {
      const member = devAccount(index).address;
      await send(contracts.Usdt, usdtAbi, "mint", [member, parseEther("100000")]);
    }
    for (const index of DEV_ROLES.members) {
      const member = createWalletClient({ account: devAccount(index), transport, chain });
      const hash = await member.sendTransaction({
        to: contracts.Presale,
        data: encodeFunctionData({ abi: presaleAbi, functionName: "register", args: [root] }),
      });
      await publicClient.waitForTransactionReceipt({ hash });
    }
  }

  contracts.Timelock = await handOver(contracts);

  const blocks = Object.fromEntries(
    Object.entries(contracts).flatMap(([name, address]) => {
      const block = deployedIn.get(address);
      return block === undefined ? [] : [[name, block]];
    }),
  );
  const deployment: Deployment = { chainId, contracts, blocks };
  const outDir = options.outDir ?? DEPLOYMENTS_DIR;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, `${chainId}.json`), `${JSON.stringify(deployment, null, 2)}\n`);
  return deployment;
}

export const DEPLOYMENTS_DIR = join(REPO_ROOT, "deployments");

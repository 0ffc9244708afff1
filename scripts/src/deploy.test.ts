import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import {
  BaseError,
  ContractFunctionRevertedError,
  createPublicClient,
  createWalletClient,
  http,
  maxUint256,
  type PublicClient,
  parseEther,
  zeroAddress,
  zeroHash,
  type Address,
  type Hex,
} from "viem";
import type { HDAccount } from "viem/accounts";
import {
  dataReaderAbi,
  factoryAbi,
  holdDividendAbi,
  idoAbi,
  nodeRewardAbi,
  pairAbi,
  presaleAbi,
  routerAbi,
  stakingAbi,
  swapTokenAbi,
  timelockAbi,
  usdtAbi,
  wbnbAbi,
} from "@taichi/contracts";
import { getAmountOut, pairFor } from "@taichi/contracts/dex";
import { deploy, readDeploymentWithDex, type Deployment } from "./deploy.ts";
import { DEV_ROLES, REPO_ROOT, chainAt, devAccount, devPrivateKey } from "./env.ts";
import { fundRewardPool } from "./launch.ts";
import { startLocalChain, type LocalChain } from "./localChain.ts";
import { freePort, startService, stopService, waitForPort } from "./processes.ts";
import { signerFromEnv } from "./signer.ts";

/** a port of this run's own: other checkouts on the machine run this suite too */
const PORT = await freePort();
const rpcUrl = `http://127.0.0.1:${PORT}`;
const client = createPublicClient({ transport: http(rpcUrl) });
let chain: LocalChain;

const walletOf = (account: HDAccount) =>
  createWalletClient({ account, transport: http(rpcUrl), chain: chainAt(31337, rpcUrl) });

const balanceOf = (token: Hex, account: Hex) =>
  client.readContract({ address: token, abi: usdtAbi, functionName: "balanceOf", args: [account] });

async function approveAll(wallet: ReturnType<typeof walletOf>, token: Hex, spender: Hex) {
  await mined(
    await wallet.writeContract({
      address: token,
      abi: usdtAbi,
      functionName: "approve",
      args: [spender, maxUint256],
    }),
  );
}

/** Waits for the transaction and fails the test unless it succeeded. */
async function mined(hash: Hex) {
  expect((await client.waitForTransactionReceipt({ hash })).status).toBe("success");
}
let deployment: Deployment;

beforeAll(async () => {
  chain = await startLocalChain(PORT);
  deployment = chain.deployment;
});
afterAll(async () => {
  await chain?.stop();
});

/** The contracts with an owner: the UUPS proxies and the three tokens. */
const OWNED = [
  "Presale",
  "Ido",
  "Staking",
  "LpSwap",
  "LpDividend",
  "HoldDividend",
  "NodeReward",
  "SwapToken",
  "BurnToken",
  "MiningToken",
];

describe("local deploy", () => {
  it("writes every contract the app needs, each with code on chain", async () => {
    expect(deployment.chainId).toBe(31337);
    for (const name of [
      ...OWNED,
      "Usdt",
      "DataReader",
      "Pair_SwapToken_Usdt",
      "Pair_BurnToken_Usdt",
      "Pair_MiningToken_Usdt",
      "Factory",
      "Router",
      "Multicall3",
      "Timelock",
    ]) {
      const address = deployment.contracts[name];
      expect(address, name).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(await client.getCode({ address: address! }), name).not.toBe("0x");
    }
  });

  it("records the DEX's fee and pair hash: they place the tokens' pairs and price exactly like its router", async () => {
    const { Factory, Router, Usdt } = deployment.contracts as Record<string, Address>;
    for (const name of ["SwapToken", "BurnToken", "MiningToken"]) {
      const pair = pairFor(Factory!, deployment.contracts[name]!, Usdt!, deployment.dex);
      expect(pair, name).toBe(deployment.contracts[`Pair_${name}_Usdt`]);
    }
    const [amountIn, reserveIn, reserveOut] = [
      parseEther("1000"),
      parseEther("100000"),
      parseEther("1000000"),
    ];
    expect(getAmountOut(amountIn, reserveIn, reserveOut, deployment.dex)).toBe(
      await client.readContract({
        address: Router!,
        abi: routerAbi,
        functionName: "getAmountOut",
        args: [amountIn, reserveIn, reserveOut],
      }),
    );
  });

  it("records the block each contract was deployed in, where an indexer starts", async () => {
    expect(Object.keys(deployment.blocks).sort()).toEqual(Object.keys(deployment.contracts).sort());
    for (const [name, block] of Object.entries(deployment.blocks)) {
      const address = deployment.contracts[name]!;
      const codeAt = (blockNumber: bigint) => client.getCode({ address, blockNumber });
      expect(await codeAt(BigInt(block)), name).not.toBe(undefined);
      expect(await codeAt(BigInt(block - 1)), name).toBe(undefined);
    }
  });

  it("registers the root, the manager and the demo members in the referral registry", async () => {
    const presale = deployment.contracts.Presale!;
    const root = devAccount(DEV_ROLES.deployer).address;
    const config = await client.readContract({
      address: presale,
      abi: presaleAbi,
      functionName: "getConfig",
    });
    expect(config.root).toBe(root);
    expect(config.manager).toBe(devAccount(DEV_ROLES.manager).address);
    const member = await client.readContract({
      address: presale,
      abi: presaleAbi,
      functionName: "users",
      args: [devAccount(DEV_ROLES.members[0]).address],
    });
    expect(member.refer).toBe(root);
    const newcomer = await client.readContract({
      address: presale,
      abi: presaleAbi,
      functionName: "users",
      args: [devAccount(DEV_ROLES.newcomers[0]).address],
    });
    expect(newcomer.index).toBe(0n);
    const balance = await client.readContract({
      address: deployment.contracts.Usdt!,
      abi: usdtAbi,
      functionName: "balanceOf",
      args: [devAccount(DEV_ROLES.newcomers[0]).address],
    });
    expect(balance).toBe(parseEther("100000"));
  });

  it("deploys a DEX whose router trades through pairs the factory creates", async () => {
    const account = devAccount(DEV_ROLES.members[0]);
    const wallet = walletOf(account);
    const { Usdt, Router, Factory, Wbnb } = deployment.contracts as Record<string, `0x${string}`>;
    await approveAll(wallet, Usdt!, Router!);
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
    await mined(
      await wallet.writeContract({
        address: Router!,
        abi: routerAbi,
        functionName: "addLiquidityETH",
        args: [Usdt!, parseEther("600"), 0n, 0n, account.address, deadline],
        value: parseEther("1"),
      }),
    );
    const pair = await client.readContract({
      address: Factory!,
      abi: factoryAbi,
      functionName: "getPair",
      args: [Usdt!, Wbnb!],
    });
    const [reserve0, reserve1] = await client.readContract({
      address: pair,
      abi: pairAbi,
      functionName: "getReserves",
    });
    expect(reserve0 + reserve1).toBe(parseEther("601"));

    const before = await balanceOf(Usdt!, account.address);
    await mined(
      await wallet.writeContract({
        address: Router!,
        abi: routerAbi,
        functionName: "swapExactETHForTokens",
        args: [1n, [Wbnb!, Usdt!], account.address, deadline],
        value: parseEther("0.01"),
      }),
    );
    const after = await balanceOf(Usdt!, account.address);
    // 0.01 BNB into a 1 BNB : 600 USDT pool, 0.3% fee: a little under 6 USDT out
    expect(after - before).toBeGreaterThan(parseEther("5.8"));
    expect(after - before).toBeLessThan(parseEther("6"));
    expect(
      await client.readContract({ address: Wbnb!, abi: wbnbAbi, functionName: "balanceOf", args: [pair] }),
    ).toBe(parseEther("1.01"));
  });

  it("opens the presale: a newcomer binds through Ido, buys once, and both referrer levels are credited", async () => {
    const account = devAccount(DEV_ROLES.newcomers[1]);
    const referrer = devAccount(DEV_ROLES.members[1]).address;
    const root = devAccount(DEV_ROLES.deployer).address;
    const wallet = walletOf(account);
    const { Ido, Usdt } = deployment.contracts as Record<string, `0x${string}`>;

    await mined(
      await wallet.writeContract({ address: Ido!, abi: idoAbi, functionName: "register", args: [referrer] }),
    );
    await approveAll(wallet, Usdt!, Ido!);
    await mined(await wallet.writeContract({ address: Ido!, abi: idoAbi, functionName: "ido" }));

    const read = (who: `0x${string}`) =>
      client.readContract({ address: Ido!, abi: idoAbi, functionName: "getUserInfo", args: [who] });
    const buyer = await read(account.address);
    expect(buyer.refer).toBe(referrer);
    expect(buyer.amount).toBe(parseEther("50"));
    expect(buyer.balance).toBe(parseEther("5000"));
    expect((await read(referrer)).balanceReward).toBe(parseEther("2.5"));
    expect((await read(root)).balanceReward).toBe(parseEther("1.5"));
    const sold = await client.readContract({ address: Ido!, abi: idoAbi, functionName: "swapToken" });
    expect(sold).toBe(deployment.contracts.SwapToken);
    const held = await balanceOf(sold, Ido!);
    // funded for every allocation the sale can make: 1000 x 5000 + 500 x 4800 + 500 x 4600
    expect(held).toBe(parseEther("9700000"));
  });

  it("seeds the SwapToken/USDT pool and opens trading: a member buys through the router and pays the buy fee", async () => {
    const account = devAccount(DEV_ROLES.members[0]);
    const wallet = walletOf(account);
    const {
      SwapToken,
      Usdt,
      Router,
      Pair_SwapToken_Usdt: pair,
    } = deployment.contracts as Record<string, `0x${string}`>;
    const [reserve0, reserve1] = await client.readContract({
      address: pair!,
      abi: pairAbi,
      functionName: "getReserves",
    });
    expect([reserve0, reserve1].sort()).toEqual([parseEther("100000"), parseEther("1000000")].sort());

    await approveAll(wallet, Usdt!, Router!);
    const balance = () => balanceOf(SwapToken!, account.address);
    const before = await balance();
    await mined(
      await wallet.writeContract({
        address: Router!,
        abi: routerAbi,
        functionName: "swapExactTokensForTokensSupportingFeeOnTransferTokens",
        args: [
          parseEther("10"),
          0n,
          [Usdt!, SwapToken!],
          account.address,
          BigInt(Math.floor(Date.now() / 1000) + 3600),
        ],
      }),
    );
    const received = (await balance()) - before;
    // 10 USDT at 0.1 USDT a token is just under 100 tokens after the pool's 0.3%; the token keeps 3%
    expect(received).toBeGreaterThan(parseEther("96"));
    expect(received).toBeLessThan(parseEther("97"));
  });

  it("routes SwapToken's fees to the distributors: a holder claims the dividend share, a node its node share", async () => {
    const account = devAccount(DEV_ROLES.members[1]);
    const wallet = walletOf(account);
    const manager = walletOf(devAccount(DEV_ROLES.manager));
    const { SwapToken, Usdt, Router, HoldDividend, NodeReward } = deployment.contracts as Record<
      string,
      `0x${string}`
    >;
    const accounts = await client.readContract({
      address: SwapToken!,
      abi: swapTokenAbi,
      functionName: "getAccounts",
    });
    expect(accounts.distributor).toBe(HoldDividend);
    expect(accounts.node).toBe(NodeReward);

    await approveAll(wallet, Usdt!, Router!);
    const buy = async (usdt: bigint) =>
      mined(
        await wallet.writeContract({
          address: Router!,
          abi: routerAbi,
          functionName: "swapExactTokensForTokensSupportingFeeOnTransferTokens",
          args: [
            usdt,
            0n,
            [Usdt!, SwapToken!],
            account.address,
            BigInt(Math.floor(Date.now() / 1000) + 3600),
          ],
        }),
      );
    await buy(parseEther("100"));
    // credited from the balance seen at two updates in different blocks (each transaction is a block here)
    for (let i = 0; i < 2; i++) {
      await mined(
        await wallet.writeContract({
          address: HoldDividend!,
          abi: holdDividendAbi,
          functionName: "updateUser",
          args: [account.address],
        }),
      );
    }
    await mined(
      await manager.writeContract({
        address: NodeReward!,
        abi: nodeRewardAbi,
        functionName: "setUserForce",
        args: [account.address, true, false, false],
      }),
    );
    const nodeBefore = await balanceOf(SwapToken!, NodeReward!);
    await buy(parseEther("100"));
    // a buy of ~1000 tokens pays 1% to each distributor
    const nodeShare = (await balanceOf(SwapToken!, NodeReward!)) - nodeBefore;
    expect(nodeShare).toBeGreaterThan(parseEther("9"));

    const holder = await client.readContract({
      address: HoldDividend!,
      abi: holdDividendAbi,
      functionName: "users",
      args: [account.address],
    });
    expect(holder.amount).toBeGreaterThan(0n);
    expect(holder.balance).toBeGreaterThan(parseEther("9"));
    const before = await balanceOf(SwapToken!, account.address);
    await mined(
      await wallet.writeContract({ address: HoldDividend!, abi: holdDividendAbi, functionName: "claim" }),
    );
    expect((await balanceOf(SwapToken!, account.address)) - before).toBe(holder.balance);

    const node = await client.readContract({
      address: NodeReward!,
      abi: nodeRewardAbi,
      functionName: "getUserInfo",
      args: [account.address],
    });
    // the first class-A node takes the class's 50% of what waited for the class and of what came after
    const classA = nodeBefore / 2n + nodeShare / 2n;
    expect(node.balance).toBe(classA);
    const beforeNode = await balanceOf(SwapToken!, account.address);
    await mined(
      await wallet.writeContract({ address: NodeReward!, abi: nodeRewardAbi, functionName: "claim" }),
    );
    expect((await balanceOf(SwapToken!, account.address)) - beforeNode).toBe(classA);

    // SwapToken tells HoldDividend of transfers out of a holder: keeping half its credited tokens, the sender's
    // share drops to that half in the same transaction
    expect(
      await client.readContract({ address: SwapToken!, abi: swapTokenAbi, functionName: "shareDistributor" }),
    ).toBe(HoldDividend);
    const credited = (
      await client.readContract({
        address: HoldDividend!,
        abi: holdDividendAbi,
        functionName: "users",
        args: [account.address],
      })
    ).amount;
    await mined(
      await wallet.writeContract({
        address: SwapToken!,
        abi: swapTokenAbi,
        functionName: "transfer",
        args: [
          devAccount(DEV_ROLES.members[0]).address,
          (await balanceOf(SwapToken!, account.address)) - credited / 2n,
        ],
      }),
    );
    const lowered = await client.readContract({
      address: HoldDividend!,
      abi: holdDividendAbi,
      functionName: "users",
      args: [account.address],
    });
    expect(lowered.amount).toBe(credited / 2n);
  });

  it("prices staking's token deposits by the SwapToken/USDT pool: fbPrice at the pool's 0.10, a 30-minute average", async () => {
    const { DataReader, Pair_SwapToken_Usdt } = deployment.contracts as Record<string, `0x${string}`>;
    const price = await client.readContract({
      address: DataReader!,
      abi: dataReaderAbi,
      functionName: "tokenPrice",
    });
    expect(price.pair).toBe(Pair_SwapToken_Usdt);
    expect(price.window).toBe(1800n);
    expect(price.maxDeviation).toBe(2000n);
    expect(price.fbPrice).toBe(parseEther("0.1"));
    // seeded with 100,000 USDT against 1,000,000 tokens (the tests above trade a little through it)
    expect(price.spot > parseEther("0.099") && price.spot < parseEther("0.101")).toBe(true);
    expect(price.refusal).toBe("PriceUnavailable"); // until a window has passed
  });

  it("opens staking: a newcomer binds through Staking and locks USDT in the first tier", async () => {
    const account = devAccount(DEV_ROLES.newcomers[2]);
    const referrer = devAccount(DEV_ROLES.members[0]).address;
    const wallet = walletOf(account);
    const { Staking, Usdt, Presale } = deployment.contracts as Record<string, `0x${string}`>;
    const multi = await client.readContract({
      address: Staking!,
      abi: stakingAbi,
      functionName: "getConfigMulti",
    });
    const amount = multi.stakeMins[0]! > 0n ? multi.stakeMins[0]! : parseEther("100");

    await mined(
      await wallet.writeContract({
        address: Staking!,
        abi: stakingAbi,
        functionName: "register",
        args: [referrer],
      }),
    );
    const registry = await client.readContract({
      address: Presale!,
      abi: presaleAbi,
      functionName: "users",
      args: [account.address],
    });
    expect(registry.refer).toBe(referrer);
    await approveAll(wallet, Usdt!, Staking!);
    const balance = () => balanceOf(Usdt!, account.address);
    const before = await balance();
    await mined(
      await wallet.writeContract({
        address: Staking!,
        abi: stakingAbi,
        functionName: "deposit",
        args: [0n, amount, true],
      }),
    );
    expect(before - (await balance())).toBe(amount);
    const info = await client.readContract({
      address: deployment.contracts.DataReader!,
      abi: dataReaderAbi,
      functionName: "getUserInfo",
      args: [account.address],
    });
    expect(info.member.refer).toBe(referrer);
    expect(info.stake.amount).toBe(amount);
    expect(info.usdtBalance).toBe(await balance());
  });
});

/** Every contract of a deployment with an `owner()`, and that owner. */
async function owners(deployment: Deployment, on: PublicClient = client) {
  const owned: [string, Address][] = [];
  for (const [name, address] of Object.entries(deployment.contracts)) {
    try {
      owned.push([name, await on.readContract({ address, abi: swapTokenAbi, functionName: "owner" })]);
    } catch {
      // no owner() (the DEX, USDT, Multicall3, DataReader, the timelock itself)
    }
  }
  return owned;
}

const ROLES = ["DEFAULT_ADMIN_ROLE", "PROPOSER_ROLE", "EXECUTOR_ROLE", "CANCELLER_ROLE"] as const;

/** The timelock roles `account` holds. */
async function rolesOf(timelock: Address, account: Address, on: PublicClient = client) {
  const held: string[] = [];
  for (const name of ROLES) {
    const role = await on.readContract({ address: timelock, abi: timelockAbi, functionName: name });
    const has = await on.readContract({
      address: timelock,
      abi: timelockAbi,
      functionName: "hasRole",
      args: [role, account],
    });
    if (has) held.push(name);
  }
  return held;
}

/** The custom error a call reverts with, by name. */
async function revertName(call: () => Promise<unknown>) {
  try {
    await call();
  } catch (error) {
    const reverted =
      error instanceof BaseError && error.walk((e) => e instanceof ContractFunctionRevertedError);
    if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName;
    throw error;
  }
  throw new Error("the call did not revert");
}

describe("ownership after the deploy", () => {
  const deployer = devAccount(DEV_ROLES.deployer).address;

  it("hands every owned contract to the timelock, which has no admin but itself; locally the deployer proposes with a 120 s delay", async () => {
    const timelock = deployment.contracts.Timelock!;
    const owned = await owners(deployment);
    expect(owned.map(([name]) => name).sort()).toEqual([...OWNED].sort());
    for (const [name, owner] of owned) {
      expect(owner, name).toBe(timelock);
      const code = (await client.getCode({ address: owner })) ?? "0x";
      expect(code.length, `${name}'s owner is a contract`).toBeGreaterThan(2);
    }
    for (const name of ["SwapToken", "BurnToken", "MiningToken"]) {
      const pending = await client.readContract({
        address: deployment.contracts[name]!,
        abi: swapTokenAbi,
        functionName: "pendingOwner",
      });
      expect(pending, `${name} has no pending owner`).toBe(zeroAddress);
    }
    expect(
      await client.readContract({ address: timelock, abi: timelockAbi, functionName: "getMinDelay" }),
    ).toBe(120n);
    expect(await rolesOf(timelock, deployer)).toEqual(["PROPOSER_ROLE", "EXECUTOR_ROLE", "CANCELLER_ROLE"]);
    expect(await rolesOf(timelock, timelock)).toEqual(["DEFAULT_ADMIN_ROLE"]);
    expect(await rolesOf(timelock, devAccount(DEV_ROLES.manager).address)).toEqual([]);
  });

  it("with configured proposers, a guardian and a delay, leaves the deployer no role and no owner call", async () => {
    const [safe, second, guardian] = [5, 6, 7].map((i) => devAccount(i).address) as [
      Address,
      Address,
      Address,
    ];
    const configured = await deploy({
      rpcUrl,
      deployer: devPrivateKey(DEV_ROLES.deployer),
      log: () => {},
      outDir: mkdtempSync(join(tmpdir(), "deployments-")),
      timelock: { proposers: [safe, second], guardian, delay: 3600n },
    });
    const timelock = configured.contracts.Timelock!;
    for (const [name, owner] of await owners(configured)) expect(owner, name).toBe(timelock);
    expect(
      await client.readContract({ address: timelock, abi: timelockAbi, functionName: "getMinDelay" }),
    ).toBe(3600n);
    expect(await rolesOf(timelock, deployer)).toEqual([]);
    for (const proposer of [safe, second]) {
      expect(await rolesOf(timelock, proposer)).toEqual(["PROPOSER_ROLE", "EXECUTOR_ROLE", "CANCELLER_ROLE"]);
    }
    expect(await rolesOf(timelock, guardian)).toEqual(["CANCELLER_ROLE"]);

    const { Staking, SwapToken } = configured.contracts as Record<string, Address>;
    expect(
      await revertName(() =>
        client.simulateContract({
          account: deployer,
          address: SwapToken!,
          abi: swapTokenAbi,
          functionName: "setFeeExempt",
          args: [deployer, true],
        }),
      ),
    ).toBe("OwnableUnauthorizedAccount");
    expect(
      await revertName(() =>
        client.simulateContract({
          account: deployer,
          address: Staking!,
          abi: stakingAbi,
          functionName: "upgradeToAndCall",
          args: [Staking!, "0x"],
        }),
      ),
    ).toBe("OwnableUnauthorizedAccount");
    expect(
      await revertName(() =>
        client.simulateContract({
          account: deployer,
          address: timelock,
          abi: timelockAbi,
          functionName: "schedule",
          args: [SwapToken!, 0n, "0x", zeroHash, zeroHash, 3600n],
        }),
      ),
    ).toBe("AccessControlUnauthorizedAccount");
  });
});

/**
 * An anvil whose accounts come from a random mnemonic: it signs for them (eth_sendTransaction) as an external
 * signer does, and no key of theirs exists anywhere in this process or its environment.
 */
async function startSigner(args: string[]) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const anvil = startService(
    "signer",
    "anvil",
    ["--host", "127.0.0.1", "--port", String(port), "--silent", "--mnemonic-random", ...args],
    { quiet: true },
  );
  await waitForPort(anvil, port);
  const on = createPublicClient({ transport: http(url) });
  const [account] = await createWalletClient({ transport: http(url) }).getAddresses();
  return { url, on, account: account!, stop: () => stopService(anvil) };
}

describe("deploy through an external JSON-RPC signer (a hardware wallet behind Frame)", () => {
  let signer: Awaited<ReturnType<typeof startSigner>>;
  let otherChain: Awaited<ReturnType<typeof startSigner>>;
  beforeAll(async () => {
    [signer, otherChain] = await Promise.all([
      startSigner(["--accounts", "1"]),
      startSigner(["--accounts", "1", "--chain-id", "97"]),
    ]);
  });
  afterAll(async () => {
    await Promise.all([signer?.stop(), otherChain?.stop()]);
  });

  it("npm run deploy with DEPLOYER_SIGNER_URL and no key deploys from the signer's only account", async () => {
    const outDir = mkdtempSync(join(tmpdir(), "deployments-"));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ["--import", "tsx", "scripts/src/deploy-cli.ts"],
      {
        cwd: REPO_ROOT,
        // no DEPLOYER_KEY or DEPLOYER_KEYSTORE: only the signer can sign
        env: {
          PATH: process.env.PATH,
          RPC_URL: signer.url,
          DEPLOYER_SIGNER_URL: signer.url,
          DEPLOYMENTS_DIR: outDir,
          // the demo accounts have no BNB on this chain to register with
          DEPLOY_DEMO: "0",
        },
      },
    );
    expect(stdout).toContain(`deployer ${signer.account} (from the JSON-RPC signer at ${signer.url})`);
    const deployed = readDeploymentWithDex(outDir, 31337);
    const timelock = deployed.contracts.Timelock!;
    for (const [name, owner] of await owners(deployed, signer.on)) expect(owner, name).toBe(timelock);
    expect(await rolesOf(timelock, signer.account, signer.on)).toEqual([
      "PROPOSER_ROLE",
      "EXECUTOR_ROLE",
      "CANCELLER_ROLE",
    ]);
    const supply = await signer.on.readContract({
      address: deployed.contracts.SwapToken!,
      abi: swapTokenAbi,
      functionName: "balanceOf",
      args: [signer.account],
    });
    expect(supply).toBeGreaterThan(0n);
    // the dev key the deploy falls back to never signed here
    expect(await signer.on.getTransactionCount({ address: devAccount(0).address })).toBe(0);
  });

  it("refuses a signer on another chain than RPC_URL's before sending anything", async () => {
    const deployer = await signerFromEnv("DEPLOYER", undefined, { DEPLOYER_SIGNER_URL: otherChain.url });
    expect(deployer?.account.address).toBe(otherChain.account);
    await expect(deploy({ rpcUrl, deployer: deployer!, log: () => {} })).rejects.toThrow(
      `the signer at ${otherChain.url} is on chain 97, RPC_URL on chain 31337: switch the signer to chain 31337`,
    );
    expect(await otherChain.on.getTransactionCount({ address: otherChain.account })).toBe(0);
    expect(await client.getTransactionCount({ address: otherChain.account })).toBe(0);
  });

  it("of several accounts, signs with none until <ROLE>_ADDRESS names one it offers, for any role", async () => {
    const offered = await createWalletClient({ transport: http(rpcUrl) }).getAddresses();
    expect(offered.length).toBeGreaterThan(1);
    await expect(signerFromEnv("MANAGER", undefined, { MANAGER_SIGNER_URL: rpcUrl })).rejects.toThrow(
      `the signer at ${rpcUrl} offers ${offered.length} accounts (${offered.join(", ")}): choose one with MANAGER_ADDRESS`,
    );
    await expect(
      signerFromEnv("MANAGER", undefined, { MANAGER_SIGNER_URL: rpcUrl, MANAGER_ADDRESS: signer.account }),
    ).rejects.toThrow(`does not offer MANAGER_ADDRESS ${signer.account}`);
    const manager = await signerFromEnv("MANAGER", undefined, {
      MANAGER_SIGNER_URL: rpcUrl,
      MANAGER_ADDRESS: devAccount(DEV_ROLES.manager).address.toLowerCase(),
      MANAGER_KEYSTORE: "never-read.json",
    });
    expect(manager).toEqual({
      account: { address: devAccount(DEV_ROLES.manager).address, type: "json-rpc" },
      from: `the JSON-RPC signer at ${rpcUrl}`,
      url: rpcUrl,
    });
  });

  it("sends a launch step through it too: a member's USDT into the staking reward pool", async () => {
    const member = devAccount(DEV_ROLES.members[0]).address;
    const funder = await signerFromEnv("DEPLOYER", undefined, {
      DEPLOYER_SIGNER_URL: rpcUrl,
      DEPLOYER_ADDRESS: member,
    });
    const [staking, usdt] = [deployment.contracts.Staking!, deployment.contracts.Usdt!];
    const [pool, held] = [await balanceOf(usdt, staking), await balanceOf(usdt, member)];
    const outDir = mkdtempSync(join(tmpdir(), "deployments-"));
    await fundRewardPool({ rpcUrl, deployment, outDir, log: () => {} }, parseEther("250"), funder);
    expect(await balanceOf(usdt, staking)).toBe(pool + parseEther("250"));
    expect(await balanceOf(usdt, member)).toBe(held - parseEther("250"));
  });
});

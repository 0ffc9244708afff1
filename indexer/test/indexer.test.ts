/**
 * The indexer against a real anvil with the real deploy: what /audit, /activity and /team serve is
 * checked against the chain's own logs, through a reorg and an indexer killed with SIGKILL.
 */
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Abi,
  type Address,
  type Hex,
  createPublicClient,
  createTestClient,
  createWalletClient,
  decodeEventLog,
  encodeFunctionData,
  getAbiItem,
  http,
  parseEther,
  toHex,
  zeroAddress,
  zeroHash,
} from "viem";
import { pairAbi, presaleAbi, routerAbi, stakingAbi, timelockAbi, usdtAbi } from "@taichi/contracts";
import { DEV_ROLES, chainAt, devAccount } from "@taichi/scripts/env";
import { startIndexer, waitForIndexed } from "@taichi/scripts/indexer";
import { startLocalChain, type LocalChain } from "@taichi/scripts/localChain";
import { type Service, stopService } from "@taichi/scripts/processes";
import { PRODUCT_ABIS, type ProductContract } from "../src/contracts";

const CHAIN_PORT = 8631;
const INDEXER_PORT = 8632;
const rpcUrl = `http://127.0.0.1:${CHAIN_PORT}`;
const url = `http://127.0.0.1:${INDEXER_PORT}`;
const client = createPublicClient({ transport: http(rpcUrl) });
const anvil = createTestClient({ mode: "anvil", transport: http(rpcUrl) });
const dataDir = mkdtempSync(join(tmpdir(), "indexer-test-"));
const owner = devAccount(DEV_ROLES.deployer);
const member = devAccount(DEV_ROLES.members[0]);
const newcomer = devAccount(DEV_ROLES.newcomers[0]);

let chain: LocalChain;
let indexer: Service;

const start = () =>
  startIndexer({
    port: INDEXER_PORT,
    rpcUrl,
    deploymentsDir: chain.deploymentsDir,
    dataDir,
    quiet: !process.env.INDEXER_VERBOSE,
    env: { DATABASE_URL: "" },
  });

async function send(from: typeof owner, to: Address, abi: Abi, functionName: string, args: unknown[]) {
  const wallet = createWalletClient({
    account: from,
    transport: http(rpcUrl),
    chain: chainAt(31337, rpcUrl),
  });
  const hash = await wallet.writeContract({ address: to, abi, functionName, args });
  const receipt = await client.waitForTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  return receipt;
}

/** An operation the owner (the Timelock; the deployer proposes and executes locally) runs on `to`. */
function operation(to: Address, abi: Abi, functionName: string, args: unknown[], salt: Hex = zeroHash) {
  const data = encodeFunctionData({ abi, functionName, args });
  return { args: [to, 0n, data, zeroHash, salt] as const, salt };
}
type Operation = ReturnType<typeof operation>;

const timelock = () => chain.deployment.contracts.Timelock!;
const minDelay = () =>
  client.readContract({ address: timelock(), abi: timelockAbi, functionName: "getMinDelay" });
const operationId = (op: Operation) =>
  client.readContract({
    address: timelock(),
    abi: timelockAbi,
    functionName: "hashOperation",
    args: op.args,
  });
const schedule = async (op: Operation) =>
  send(owner, timelock(), timelockAbi, "schedule", [...op.args, await minDelay()]);
const execute = async (op: Operation) => {
  await anvil.increaseTime({ seconds: Number(await minDelay()) });
  return send(owner, timelock(), timelockAbi, "execute", [...op.args]);
};

/** Waits until the indexer has caught up with the chain's head. */
async function caughtUp() {
  await waitForIndexed(indexer, url, await client.getBlockNumber({ cacheTime: 0 }));
}

async function get(path: string) {
  const response = await fetch(`${url}${path}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

type Item = { blockNumber: string; transactionHash: Hex; contract: string; event: string; args: unknown };

/** Every item of a paged route, following `next` with pages of `limit`; `filter`: more of the query, e.g. `contract=A`. */
async function readAll(path: string, limit: number, filter?: string) {
  const items: Item[] = [];
  let next: string | null = null;
  let pages = 0;
  do {
    const query = `${filter ? `${filter}&` : ""}limit=${limit}${next ? `&before=${next}` : ""}`;
    const { status, body } = await get(`${path}?${query}`);
    expect(status).toBe(200);
    const page = body.items as Item[];
    expect(page.length).toBeLessThanOrEqual(limit);
    items.push(...page);
    next = body.next as string | null;
    pages++;
  } while (next);
  return { items, pages };
}

const jsonOf = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (_, v) => (typeof v === "bigint" ? v.toString() : v)));

/**
 * Which events the routes must serve, written out here rather than taken from the indexer's own rule, so a
 * misfiled event fails the comparison: /audit gets every owner or manager change (and every Timelock event),
 * /activity a member's own deposits, releases, credits, claims and payouts. Transfers, price observations,
 * pool and share updates, levels reached and node dividends are in neither.
 */
const EXPECTED_EVENTS: Record<"admin" | "member", Partial<Record<ProductContract, readonly string[]>>> = {
  admin: {
    Presale: ["ManagerUpdated", "OwnershipTransferred", "RegistrarUpdated", "Upgraded"],
    Ido: [
      "ConfigUpdated",
      "FundUpdated",
      "OwnershipTransferred",
      "PriorityGranted",
      "PriorityRevoked",
      "SwapTokenUpdated",
      "Upgraded",
      "Withdrawn",
    ],
    Staking: [
      "BlacklistUpdated",
      "ChangeAnnounced",
      "ConfigMultiUpdated",
      "ConfigUpdated",
      "IncomeRatesUpdated",
      "NodeUpdated",
      "OwnershipTransferred",
      "PriceOracleUpdated",
      "TeamLevelSet",
      "TokenUpdated",
      "Upgraded",
      "Withdrawn",
    ],
    LpSwap: ["ChangeAnnounced", "LPSentToWallet", "OwnershipTransferred", "RatesUpdated", "Upgraded"],
    LpDividend: ["BlackListUpdated", "OwnershipTransferred", "RewardMinUpdated", "Upgraded"],
    HoldDividend: ["BlackListUpdated", "OwnershipTransferred", "Upgraded"],
    NodeReward: ["OwnershipTransferred", "RatesUpdated", "Upgraded", "UserForceUpdated"],
    ...Object.fromEntries(
      (["SwapToken", "BurnToken", "MiningToken"] as const).map((token) => [
        token,
        [
          "AccountsUpdated",
          "BlackListUpdated",
          "FeeExemptUpdated",
          "FeesUpdated",
          "OpeningUpdated",
          "OwnershipTransferStarted",
          "OwnershipTransferred",
          "SwapSettingsUpdated",
          ...{
            SwapToken: ["ShareDistributorUpdated"],
            BurnToken: ["BurnSettingsUpdated"],
            MiningToken: ["MiningSettingsUpdated", "WhiteListUpdated"],
          }[token],
        ],
      ]),
    ),
    Timelock: [
      "CallExecuted",
      "CallSalt",
      "CallScheduled",
      "Cancelled",
      "MinDelayChange",
      "RoleAdminChanged",
      "RoleGranted",
      "RoleRevoked",
    ],
  },
  member: {
    Staking: ["Deposited", "Released", "ClosedEarly", "RewardCredited", "RewardClaimed"],
    Ido: ["Purchased", "Claimed", "RewardClaimed"],
    LpDividend: ["RewardPaid"],
    HoldDividend: ["RewardPaid"],
    NodeReward: ["Claimed"],
    LpSwap: ["Claimed"],
  },
};

/** What the chain's logs say: the product contracts' events of `kind`, newest first, as the routes serve them. */
async function fromChain(kind: "admin" | "member", account?: Address) {
  const names = Object.keys(PRODUCT_ABIS) as ProductContract[];
  const byAddress = new Map(names.map((name) => [chain.deployment.contracts[name]!.toLowerCase(), name]));
  const logs = await client.getLogs({
    address: names.map((n) => chain.deployment.contracts[n]!),
    fromBlock: 0n,
  });
  const items = logs.flatMap((log): (Item & { logIndex: number })[] => {
    const contract = byAddress.get(log.address.toLowerCase())!;
    const { eventName, args } = decodeEventLog({ abi: PRODUCT_ABIS[contract] as Abi, ...log });
    if (!EXPECTED_EVENTS[kind][contract]?.includes(eventName!)) return [];
    if (account && (args as { account?: Address }).account !== account) return [];
    return [
      {
        blockNumber: log.blockNumber.toString(),
        logIndex: log.logIndex,
        transactionHash: log.transactionHash,
        contract,
        event: eventName!,
        args: jsonOf(args),
      },
    ];
  });
  return items.reverse().map(({ logIndex: _, ...item }) => item);
}

const comparable = (items: Item[]) =>
  items.map(({ blockNumber, transactionHash, contract, event, args }) => ({
    blockNumber,
    transactionHash,
    contract,
    event,
    args,
  }));

beforeAll(async () => {
  chain = await startLocalChain(CHAIN_PORT);
  indexer = start();
  await caughtUp();
});
afterAll(async () => {
  if (indexer) await stopService(indexer);
  await chain?.stop();
});

describe("/metrics", () => {
  /** The value of the one sample of `name` in a Prometheus text exposition, undefined when absent. */
  const sample = (text: string, name: string) => {
    const line = text.split("\n").find((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `));
    return line === undefined ? undefined : Number(line.split(" ").at(-1));
  };

  it("tells Prometheus which block it has reached and that block's time (its lag behind the chain)", async () => {
    await caughtUp();
    const head = await client.getBlock({ blockTag: "latest" });
    let metrics = "";
    const deadline = Date.now() + 30_000;
    // its figures follow the sync: poll until they reach the head or time runs out
    for (;;) {
      metrics = await (await fetch(`${url}/metrics`)).text();
      if (sample(metrics, "ponder_sync_block") === Number(head.number) || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(sample(metrics, "ponder_sync_block")).toBe(Number(head.number));
    // lag = time() - ponder_sync_block_timestamp (anvil's clock is the test's, so compare with the block)
    expect(sample(metrics, "ponder_sync_block_timestamp")).toBe(Number(head.timestamp));
    expect(sample(metrics, "ponder_sync_is_realtime")).toBe(1);
    // the newest block with events of ours that is indexed: never after the head
    expect(sample(metrics, "ponder_indexing_timestamp")).toBeLessThanOrEqual(Number(head.timestamp));
  });
});

describe("/audit", () => {
  it("serves every admin event on chain, newest first, page after page with no gap or duplicate", async () => {
    const blacklist = operation(chain.deployment.contracts.Staking!, stakingAbi, "setBlacklist", [
      newcomer.address,
      true,
    ]);
    await schedule(blacklist);
    await execute(blacklist);
    await caughtUp();
    const expected = await fromChain("admin");
    expect(expected.length).toBeGreaterThan(20); // the deploy's configuration alone
    const { items, pages } = await readAll("/audit", 7);
    expect(comparable(items)).toEqual(expected);
    expect(pages).toBe(Math.ceil(expected.length / 7));
    expect(items.slice(0, 2)).toMatchObject([
      { contract: "Timelock", event: "CallExecuted", args: { id: await operationId(blacklist) } },
      {
        contract: "Staking",
        event: "BlacklistUpdated",
        args: { account: newcomer.address, blacklisted: true },
      },
    ]);
  });

  it("serves only the named contracts' events with contract=A,B, paged the same way", async () => {
    const expected = (await fromChain("admin")).filter((item) =>
      ["Staking", "Timelock"].includes(item.contract),
    );
    expect(new Set(expected.map((item) => item.contract))).toEqual(new Set(["Staking", "Timelock"]));
    const { items } = await readAll("/audit", 5, "contract=Staking,Timelock");
    expect(comparable(items)).toEqual(expected);
    expect((await get("/audit?contract=Nothing")).body.items).toEqual([]);
  });

  it("refuses a bad limit, cursor or contract filter with { code, msg } and status 400", async () => {
    const tooMany = Array.from({ length: 33 }, (_, i) => `C${i}`).join(",");
    for (const query of [
      "limit=0",
      "limit=501",
      "limit=abc",
      "before=1-x",
      "before=;drop",
      "contract=Staking;drop",
      "contract=Staking,,Timelock",
      `contract=${tooMany}`,
    ]) {
      const { status, body } = await get(`/audit?${query}`);
      expect(status, query).toBe(400);
      expect(body.code, query).toBe(400);
      expect(body.msg, query).toEqual(expect.any(String));
    }
  });
});

describe("/timelock/operations", () => {
  it("follows each operation from queued to executed or cancelled, newest first", async () => {
    const registrar = (allowed: boolean, salt?: Hex) =>
      operation(
        chain.deployment.contracts.Presale!,
        presaleAbi,
        "setRegistrar",
        [member.address, allowed],
        salt,
      );
    // scheduled first and left waiting: older than the pages below, still on the first
    const waiting = registrar(false, toHex(7, { size: 32 }));
    await schedule(waiting);
    const run = registrar(true);
    const scheduled = await schedule(run);
    const scheduledAt = (await client.getBlock({ blockNumber: scheduled.blockNumber })).timestamp;
    await caughtUp();
    const queued = (await get("/timelock/operations?limit=1")).body;
    expect(queued.items).toEqual([
      expect.objectContaining({
        id: await operationId(run),
        state: "queued",
        calls: [{ target: chain.deployment.contracts.Presale, value: "0", data: run.args[2] }],
        readyAt: (scheduledAt + (await minDelay())).toString(),
        doneAt: null,
      }),
    ]);

    const executed = await execute(run);
    const dropped = registrar(false, toHex(9, { size: 32 }));
    await schedule(dropped);
    const cancelled = await send(owner, timelock(), timelockAbi, "cancel", [await operationId(dropped)]);
    await caughtUp();
    const first = (await get("/timelock/operations?limit=1")).body;
    const second = (await get(`/timelock/operations?limit=1&before=${first.next}`)).body;
    expect([...(first.items as object[]), ...(second.items as object[])]).toEqual([
      expect.objectContaining({
        id: await operationId(dropped),
        state: "cancelled",
        salt: dropped.salt,
        doneBlockNumber: cancelled.blockNumber.toString(),
        doneTransactionHash: cancelled.transactionHash,
      }),
      expect.objectContaining({
        id: await operationId(run),
        state: "executed",
        salt: zeroHash,
        doneBlockNumber: executed.blockNumber.toString(),
        doneTransactionHash: executed.transactionHash,
      }),
    ]);
    // every queued operation on the first page, whatever its age; none on the next
    expect(first.queued).toEqual([
      expect.objectContaining({ id: await operationId(waiting), state: "queued", salt: waiting.salt }),
    ]);
    expect(second.queued).toBeUndefined();
  });
});

describe("member history", () => {
  it("lists a member's deposits and the team's finished days", async () => {
    const { Staking, Usdt } = chain.deployment.contracts as Record<string, Address>;
    const amount = parseEther("100");
    await send(member, Usdt!, usdtAbi, "approve", [Staking!, amount * 2n]);
    const first = await send(member, Staking!, stakingAbi, "deposit", [0n, amount, true]);
    const day = (await client.getBlock({ blockNumber: first.blockNumber })).timestamp / 86_400n;
    await anvil.increaseTime({ seconds: 86_400 });
    // the next day's deposit closes the first day of the member's upline (the root): its TeamDay
    await send(member, Staking!, stakingAbi, "deposit", [0n, amount, true]);
    await caughtUp();

    const activity = await readAll(`/activity/${member.address}`, 50);
    expect(comparable(activity.items)).toEqual(await fromChain("member", member.address));
    const deposits = activity.items.filter((item) => item.event === "Deposited");
    expect(deposits.map((d) => (d.args as { amount: string }).amount)).toEqual([amount, amount].map(String));

    const { body } = await get(`/team/${owner.address}/days?from=${day - 13n}&to=${day + 1n}`);
    expect(body.items).toEqual([{ day: day.toString(), amount: amount.toString(), users: "1" }]);
  });
});

describe("early close", () => {
  it("records the announcement as an admin event and the member's early close as its activity", async () => {
    const { Staking } = chain.deployment.contracts as Record<string, Address>;
    const staking = { address: Staking!, abi: stakingAbi } as const;
    const implementation = newcomer.address; // announce checks no code: any address names the upgrade
    const announce = operation(Staking!, stakingAbi, "announce", [implementation, zeroAddress]);
    await schedule(announce);
    const executed = await execute(announce);
    const [, , readyAt] = await client.readContract({ ...staking, functionName: "announcement" });
    const announcedAt = (await client.getBlock({ blockNumber: executed.blockNumber })).timestamp;
    expect(readyAt).toBe(
      announcedAt + (await client.readContract({ ...staking, functionName: "EXIT_WINDOW" })),
    );

    // the member's first order (of "member history") opened before the announcement, and is locked
    const index = await client.readContract({
      ...staking,
      functionName: "userOrderIndex",
      args: [member.address, 0n],
    });
    const closed = await send(member, Staking!, stakingAbi, "closeEarly", [index]);
    const [log] = closed.logs.flatMap((l) => {
      try {
        const e = decodeEventLog({ abi: stakingAbi, ...l });
        return e.eventName === "ClosedEarly" ? [e.args] : [];
      } catch {
        return [];
      }
    });
    expect(log).toMatchObject({ account: member.address, index });
    expect((await client.readContract({ ...staking, functionName: "orders", args: [index] })).isValid).toBe(
      false,
    );
    await caughtUp();

    const audit = await readAll("/audit", 50, "contract=Staking");
    expect(audit.items[0]).toMatchObject({
      transactionHash: executed.transactionHash,
      event: "ChangeAnnounced",
      args: { implementation, newOwner: zeroAddress, readyAt: readyAt.toString() },
    });
    const activity = await readAll(`/activity/${member.address}`, 50);
    expect(activity.items[0]).toMatchObject({
      transactionHash: closed.transactionHash,
      event: "ClosedEarly",
      args: { account: member.address, index: index.toString(), refund: log!.refund.toString() },
    });
    expect(comparable(activity.items)).toEqual(await fromChain("member", member.address));
    expect(comparable((await readAll("/audit", 50)).items)).toEqual(await fromChain("admin"));
  });
});

describe("pairs", () => {
  it("records each swap with its sender and the reserves after it", async () => {
    const {
      Router,
      Usdt,
      SwapToken,
      Pair_SwapToken_Usdt: pair,
    } = chain.deployment.contracts as Record<string, Address>;
    const amount = parseEther("10");
    await send(member, Usdt!, usdtAbi, "approve", [Router!, amount]);
    const deadline = (await client.getBlock()).timestamp + 600n;
    const receipt = await send(
      member,
      Router!,
      routerAbi,
      "swapExactTokensForTokensSupportingFeeOnTransferTokens",
      [amount, 0n, [Usdt, SwapToken], member.address, deadline],
    );
    await caughtUp();
    const [reserve0, reserve1] = await client.readContract({
      address: pair!,
      abi: pairAbi,
      functionName: "getReserves",
    });
    const { body } = await get(`/pairs/${pair}?since=0&account=${member.address}`);
    const prices = body.prices as { timestamp: string; reserve0: string; reserve1: string }[];
    expect(prices.at(-1)).toMatchObject({ reserve0: reserve0.toString(), reserve1: reserve1.toString() });
    const swaps = body.swaps as { transactionHash: Hex; from: Address }[];
    expect(swaps.at(-1)).toMatchObject({ transactionHash: receipt.transactionHash, from: member.address });
    expect(body.opening).toBeNull(); // nothing before time 0

    // from the swap's time on: the changes since, and the reserves that stood before as the opening
    const swapTime = (await client.getBlock({ blockNumber: receipt.blockNumber })).timestamp;
    const since = (await get(`/pairs/${pair}?since=${swapTime}`)).body;
    expect(since.prices).toEqual(prices.filter((p) => BigInt(p.timestamp) >= swapTime));
    expect(since.opening).toEqual(prices.findLast((p) => BigInt(p.timestamp) < swapTime));
    expect(since.opening).not.toBeUndefined();
    expect(since.swaps).toEqual([]); // no account asked
  });
});

describe("invitees", () => {
  type Invitee = { account: Address; transactionHash: Hex; staked: boolean; stakedAt: string | null };

  /** Who registered with `referrer`, newest first, from the registry's own logs. */
  async function registeredWith(referrer: Address) {
    const logs = await client.getLogs({
      address: chain.deployment.contracts.Presale!,
      event: getAbiItem({ abi: presaleAbi, name: "Registered" }),
      args: { referrer },
      fromBlock: 0n,
    });
    return logs
      .reverse()
      .map((log) => ({ account: log.args.account!, transactionHash: log.transactionHash }));
  }

  /** Whether `account` has ever deposited into Staking, as the contract says (its `actual` only grows). */
  const hasStaked = async (account: Address) =>
    (
      await client.readContract({
        address: chain.deployment.contracts.Staking!,
        abi: stakingAbi,
        functionName: "users",
        args: [account],
      })
    ).actual > 0n;

  async function readInvitees(referrer: Address, limit: number, filter?: string) {
    const items: Invitee[] = [];
    let next: string | null = null;
    let total: string | undefined;
    do {
      const query = `${filter ? `${filter}&` : ""}limit=${limit}${next ? `&before=${next}` : ""}`;
      const { status, body } = await get(`/invitees/${referrer}?${query}`);
      expect(status).toBe(200);
      items.push(...(body.items as Invitee[]));
      total ??= body.total as string;
      next = body.next as string | null;
    } while (next);
    return { items, total };
  }

  it("lists a referrer's invitees newest first, each marked staked once it has deposited", async () => {
    const { Presale, Staking, Usdt } = chain.deployment.contracts as Record<string, Address>;
    const [staker, waiter] = [devAccount(DEV_ROLES.newcomers[1]), devAccount(DEV_ROLES.newcomers[2])];
    await send(staker, Presale!, presaleAbi, "register", [member.address]);
    await send(waiter, Presale!, presaleAbi, "register", [member.address]);
    const amount = parseEther("100");
    await send(staker, Usdt!, usdtAbi, "approve", [Staking!, amount]);
    const deposit = await send(staker, Staking!, stakingAbi, "deposit", [0n, amount, true]);
    const depositTime = (await client.getBlock({ blockNumber: deposit.blockNumber })).timestamp;
    await caughtUp();

    const all = await readInvitees(member.address, 1);
    expect(all.items.map(({ account, transactionHash }) => ({ account, transactionHash }))).toEqual(
      await registeredWith(member.address),
    );
    expect(all.items.map((i) => [i.account, i.staked, i.stakedAt])).toEqual([
      [waiter.address, false, null],
      [staker.address, true, depositTime.toString()],
    ]);
    expect(all.total).toBe("2");

    const waiting = await readInvitees(member.address, 50, "staked=false");
    expect(waiting.items.map((i) => i.account)).toEqual([waiter.address]);
    expect(waiting.total).toBe("1");
    expect((await readInvitees(member.address, 50, "staked=true")).items.map((i) => i.account)).toEqual([
      staker.address,
    ]);
  });

  it("agrees with the chain on every invitee of the root: who registered, in order, and who has staked", async () => {
    const { items, total } = await readInvitees(owner.address, 2);
    const expected = await registeredWith(owner.address);
    expect(expected.length).toBeGreaterThan(1); // the deploy's members
    expect(items.map(({ account, transactionHash }) => ({ account, transactionHash }))).toEqual(expected);
    expect(total).toBe(String(expected.length));
    for (const item of items) expect(item.staked, item.account).toBe(await hasStaked(item.account));
    expect(items.some((item) => item.staked)).toBe(true); // the member of "member history"
  });

  it("refuses a bad referrer or staked filter with { code, msg } and status 400", async () => {
    for (const path of [`/invitees/0x123`, `/invitees/${member.address}?staked=yes`]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body, path).toMatchObject({ code: 400, msg: expect.any(String) });
    }
  });
});

describe("reorgs and restarts", () => {
  it("drops the events of blocks a reorganisation removed", async () => {
    const snapshot = await anvil.snapshot();
    const op = operation(chain.deployment.contracts.Presale!, presaleAbi, "setRegistrar", [
      owner.address,
      true,
    ]);
    const receipt = await schedule(op);
    await caughtUp();
    const audit = (await get("/audit?limit=1")).body.items as Item[];
    expect(audit[0]).toMatchObject({ event: "CallScheduled", transactionHash: receipt.transactionHash });
    const operations = (await get("/timelock/operations?limit=1")).body.items as { id: Hex }[];
    expect(operations[0]?.id).toBe(await operationId(op));

    await anvil.revert({ id: snapshot });
    await anvil.mine({ blocks: 3 }); // a longer chain without the transaction
    await caughtUp();
    const { items } = await readAll("/audit", 50);
    expect(items.map((i) => i.transactionHash)).not.toContain(receipt.transactionHash);
    expect(comparable(items)).toEqual(await fromChain("admin"));
    const after = (await get("/timelock/operations?limit=50")).body.items as { id: Hex }[];
    expect(after.map((o) => o.id)).not.toContain(await operationId(op));
  });

  it("resumes after being killed, with no gap and no duplicate", async () => {
    await caughtUp();
    process.kill(-indexer.child.pid!, "SIGKILL");
    await indexer.exited;
    // events while it is down
    const unblacklist = operation(chain.deployment.contracts.Staking!, stakingAbi, "setBlacklist", [
      newcomer.address,
      false,
    ]);
    await schedule(unblacklist);
    await execute(unblacklist);
    await anvil.mine({ blocks: 40 }); // past the finality depth, so part of it is caught up as history

    indexer = start();
    await caughtUp();
    expect(comparable((await readAll("/audit", 10)).items)).toEqual(await fromChain("admin"));
    expect(comparable((await readAll(`/activity/${member.address}`, 3)).items)).toEqual(
      await fromChain("member", member.address),
    );
  });
});

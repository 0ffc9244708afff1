/**
 * History views served by the indexer (VITE_INDEXER_URL): the audit log, /governance and the team chart
 * each take one request to the indexer and send no `eth_getLogs` at all; with the indexer down they read
 * the chain's logs, from the contracts' deploy blocks.
 */
import { pairAbi, stakingAbi, timelockAbi, usdtAbi } from "@taichi/contracts";
import { type ConsoleMessage, type Page } from "@playwright/test";
import { type Address, encodeFunctionData, parseEther, toHex, zeroHash } from "viem";
import {
  connectWallet,
  devWallet,
  direct,
  ownerCall,
  stakeDirect,
  timeTravel,
} from "../fixtures/accounts.ts";
import { executeOperation, passTimelockDelay } from "../fixtures/governance.ts";
import { openManager } from "../fixtures/manager.ts";
import { DEV_ROLES, devAccount, expect, recordIndexer, recordRpc, test } from "../fixtures/test.ts";

const root = devAccount(DEV_ROLES.deployer).address;
const member = DEV_ROLES.members[0]; // registered under the root
const outsider = devAccount(DEV_ROLES.newcomers[1]).address;
/**
 * A view's requests: one to the indexer, at `path` (its start, for a path with the chain's days); no
 * `eth_getLogs` when the indexer served the view, some when it was down. E2E_REQUESTS=1 prints the
 * counts (docs/performance.md).
 */
function expectRequests(
  view: string,
  { path, served }: { path: string; served: boolean },
  asked: string[],
  rpc: ReturnType<typeof recordRpc>,
) {
  expect(asked).toHaveLength(1);
  expect(asked[0]!.startsWith(path)).toBe(true);
  if (served) expect(rpc.count("eth_getLogs")).toBe(0);
  else expect(rpc.count("eth_getLogs")).toBeGreaterThan(0);
  if (!process.env.E2E_REQUESTS) return;
  console.log(
    `[requests] ${view}, ${served ? "indexer" : "indexer down"}: ${asked.length} to the indexer, ` +
      `${rpc.requests()} JSON-RPC over HTTP (${rpc.count("eth_getLogs")} eth_getLogs, ${rpc.calls()} calls)`,
  );
}

/** /manager's audit log tab, with the page's JSON-RPC and indexer requests recorded from the tab's opening. */
async function openAuditLog(page: Page) {
  await openManager(page, "/manager");
  const rpc = recordRpc(page);
  const asked = recordIndexer(page);
  await page.getByRole("tab", { name: "Audit log" }).click();
  return { entries: page.getByRole("list", { name: "Audit log" }).locator(":scope > li"), rpc, asked };
}

const blacklist = (blocked: boolean) =>
  encodeFunctionData({ abi: stakingAbi, functionName: "setBlacklist", args: [outsider, blocked] });

type Chain = Parameters<typeof stakeDirect>[0];
type Contracts = Record<string, Address>;

/** Schedules Staking `setBlacklist(outsider, true)` in the timelock with a salt of its own (setup, not UI). */
async function scheduleBlacklist(chain: Chain, contracts: Contracts) {
  const timelock = { address: contracts.Timelock!, abi: timelockAbi } as const;
  const delay = await chain.readContract({ ...timelock, functionName: "getMinDelay" });
  const salt = toHex(crypto.getRandomValues(new Uint8Array(32)));
  const args = [contracts.Staking!, 0n, blacklist(true), zeroHash, salt] as const;
  await direct(
    chain,
    devWallet(DEV_ROLES.deployer).writeContract({
      ...timelock,
      functionName: "schedule",
      args: [...args, delay],
    }),
  );
  return args;
}

/**
 * The member deposits 100 USDT on one chain day and 250 the next: the views forget the first day, only
 * its TeamDay event keeps it for the root's chart.
 */
async function twoTeamDays(chain: Chain, contracts: Contracts) {
  const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
  const { dayTimes } = await chain.readContract({ ...staking, functionName: "getConfig" });
  await stakeDirect(chain, contracts, member, parseEther("100"));
  const day = (await chain.getBlock()).timestamp / dayTimes;
  await timeTravel(dayTimes);
  await stakeDirect(chain, contracts, member, parseEther("250"));
  expect(await chain.readContract({ ...staking, functionName: "dayTeamAmounts", args: [root, day] })).toBe(
    0n,
  );
}

/** The root's /team chart shows both days of `twoTeamDays`. */
async function expectTwoTeamDays(page: Page) {
  await page.goto("/team");
  await connectWallet(page);
  const bars = page.getByRole("region", { name: "Team deposits, last 14 days" }).getByRole("listitem");
  await expect(bars.nth(12)).toHaveAccessibleName(/: 100 USDT, 1 new team member$/);
  await expect(bars.last()).toHaveAccessibleName(/: 250 USDT, 0 new team members$/);
}

/** /governance lists the operation of `scheduleBlacklist` as queued, waiting for its time. */
async function expectQueuedBlacklist(page: Page) {
  await page.goto("/governance");
  const item = page
    .getByRole("list", { name: "Queued operations" })
    .getByRole("listitem")
    .filter({ hasText: "Staking.setBlacklist" });
  await expect(item).toContainText("Waiting");
  await expect(item.getByRole("timer")).toBeVisible();
}

test.describe("history from the indexer", () => {
  test.use({ walletAccount: DEV_ROLES.deployer, viewport: { width: 375, height: 812 } });
  // the indexer starts and catches up within each test
  test.setTimeout(180_000);

  test("the audit log: one request to the indexer, no eth_getLogs, the newest admin change on top", async ({
    page,
    chain,
    contracts,
    indexer,
  }) => {
    await ownerCall(chain, contracts, contracts.Staking!, blacklist(true));
    expect(
      await chain.readContract({
        address: contracts.Staking!,
        abi: stakingAbi,
        functionName: "isBlacklisted",
        args: [outsider],
      }),
    ).toBe(true);
    await indexer.caughtUp();

    const { entries, rpc, asked } = await openAuditLog(page);
    // the timelock's execution on top (its event follows the call's in the transaction), decoded, and
    // the change it made just below
    await expect(entries.first()).toContainText("Timelock.CallExecuted");
    await expect(entries.first()).toContainText("Staking.setBlacklist");
    await expect(entries.nth(1)).toContainText("Staking.BlacklistUpdated");
    await expect(entries.nth(1)).toContainText(outsider);
    expectRequests("audit log", { path: "/audit?contract=", served: true }, asked, rpc);
  });

  test("/governance: a queued operation from the indexer, executed from the Timelock tab with its salt", async ({
    page,
    chain,
    contracts,
    indexer,
  }) => {
    const timelock = { address: contracts.Timelock!, abi: timelockAbi } as const;
    const args = await scheduleBlacklist(chain, contracts);
    await indexer.caughtUp();

    const rpc = recordRpc(page);
    const asked = recordIndexer(page);
    await expectQueuedBlacklist(page);
    expectRequests("/governance", { path: "/timelock/operations?limit=50", served: true }, asked, rpc);

    // execute needs the operation's salt, which only the indexer gave the page
    await passTimelockDelay(chain, timelock.address);
    await indexer.caughtUp();
    await openManager(page, "/manager?tab=timelock");
    const row = page
      .getByRole("list", { name: "Queued operations" })
      .getByRole("listitem")
      .filter({ hasText: "Staking.setBlacklist" });
    await expect(row).toContainText("Ready");
    await executeOperation(page, row);
    await expect(page.getByText("Success").last()).toBeVisible();
    await expect
      .poll(() =>
        chain.readContract({
          address: contracts.Staking!,
          abi: stakingAbi,
          functionName: "isBlacklisted",
          args: [outsider],
        }),
      )
      .toBe(true);
    const id = await chain.readContract({ ...timelock, functionName: "hashOperation", args });
    expect(await chain.readContract({ ...timelock, functionName: "isOperationDone", args: [id] })).toBe(true);
  });

  test("the team chart: a day known only from a TeamDay event, with no eth_getLogs", async ({
    page,
    chain,
    contracts,
    indexer,
  }) => {
    await twoTeamDays(chain, contracts);
    await indexer.caughtUp();

    const rpc = recordRpc(page);
    const asked = recordIndexer(page);
    await expectTwoTeamDays(page);
    expectRequests("/team", { path: `/team/${root}/days?`, served: true }, asked, rpc);
  });
});

test.describe("the /swap price chart", () => {
  test.use({ walletAccount: member, viewport: { width: 375, height: 812 } });
  test.setTimeout(180_000);

  test("a swap sent from the page appears as a marker at the price it left", async ({
    page,
    chain,
    contracts,
    indexer,
  }) => {
    const me = devAccount(member).address;
    const usdtOf = () =>
      chain.readContract({ address: contracts.Usdt!, abi: usdtAbi, functionName: "balanceOf", args: [me] });
    await page.goto("/swap");
    await connectWallet(page);
    const chart = page.getByRole("region", { name: "Price chart" });
    await expect(chart.getByRole("img", { name: /price over 24 h: from / })).toBeVisible();
    await expect(chart.getByTestId("swap-marker")).toHaveCount(0);

    const card = page.getByRole("region", { name: "Flash exchange" });
    const before = await usdtOf();
    await card.getByLabel("You pay (USDT)").fill("1000");
    await card.getByRole("button", { name: "Swap", exact: true }).click();
    await page
      .getByRole("alertdialog", { name: "Review swap" })
      .getByRole("button", { name: "Confirm swap" })
      .click();
    await expect.poll(usdtOf).toBe(before - parseEther("1000"));
    await indexer.caughtUp();

    // the price the swap left, from the chain: USDT per token in the pair's reserves
    const pair = contracts.Pair_SwapToken_Usdt!;
    const [reserve0, reserve1] = await chain.readContract({
      address: pair,
      abi: pairAbi,
      functionName: "getReserves",
    });
    const tokenIsToken0 = contracts.SwapToken!.toLowerCase() < contracts.Usdt!.toLowerCase();
    const price = (
      Number(tokenIsToken0 ? reserve1 : reserve0) / Number(tokenIsToken0 ? reserve0 : reserve1)
    ).toPrecision(4);
    await page.reload();
    const marker = chart.getByTestId("swap-marker");
    await expect(marker).toHaveCount(1);
    await expect(marker.locator("title")).toHaveText(new RegExp(`^Your buy: .* UTC, ${price} USDT$`));
    await expect(chart.getByRole("img", { name: new RegExp(`to ${price} USDT$`) })).toBeVisible();
    // the other periods keep the marker; another token's pair has none of the member's swaps
    await chart.getByRole("button", { name: "30 d" }).click();
    await expect(marker).toHaveCount(1);
    await chart.getByRole("group", { name: "Token" }).getByRole("button").nth(1).click();
    await expect(chart.getByRole("img", { name: /price over 30 d/ })).toBeVisible();
    await expect(marker).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe("history with the indexer down", () => {
  test.use({ walletAccount: DEV_ROLES.deployer });

  test("the audit log reads the logs from the deploy blocks: entries, and no read before a contract existed", async ({
    page,
    chain,
    contracts,
  }) => {
    const errors: string[] = [];
    page.on("console", (message: ConsoleMessage) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await ownerCall(chain, contracts, contracts.Staking!, blacklist(true));
    const { entries, rpc, asked } = await openAuditLog(page);
    // the whole page is worked out before it shows: every old value read (or known to be none) by now,
    // among them those of the deploy's own settings, made by each initializer in its proxy's block
    await expect(entries.first()).toContainText("Timelock.CallExecuted");
    await expect(entries.nth(1)).toContainText("Staking.BlacklistUpdated");
    expectRequests("audit log", { path: "/audit?contract=", served: false }, asked, rpc);
    expect(errors.filter((e) => /returned no data/.test(e))).toEqual([]);
  });

  test("/governance reads the timelock's events: the queued operation all the same", async ({
    page,
    chain,
    contracts,
  }) => {
    await scheduleBlacklist(chain, contracts);
    const rpc = recordRpc(page);
    const asked = recordIndexer(page);
    await expectQueuedBlacklist(page);
    expectRequests("/governance", { path: "/timelock/operations?limit=50", served: false }, asked, rpc);
  });

  test("the team chart reads the TeamDay logs: both days all the same", async ({
    page,
    chain,
    contracts,
  }) => {
    await twoTeamDays(chain, contracts);
    const rpc = recordRpc(page);
    const asked = recordIndexer(page);
    await expectTwoTeamDays(page);
    expectRequests("/team", { path: `/team/${root}/days?`, served: false }, asked, rpc);
  });
});

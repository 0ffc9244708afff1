import { stakingAbi, stakingAdminAbi, usdtAbi } from "@taichi/contracts";
import {
  type Address,
  type PublicClient,
  encodeFunctionData,
  parseEther,
  parseEventLogs,
  zeroAddress,
} from "viem";
import { formatAmount } from "../../app/src/lib/format.ts";
import { DEV_ROLES, devAccount, expect, kvValue, test } from "../fixtures/test.ts";
import {
  chainRpc,
  connectWallet,
  devWallet,
  direct,
  openPageAs,
  sends,
  stakeDirect,
} from "../fixtures/accounts.ts";
import { executeQueued, expectScheduled } from "../fixtures/governance.ts";
import { openManager } from "../fixtures/manager.ts";
import { stakingReads } from "../fixtures/stakes.ts";
import { utc } from "../fixtures/time.ts";

const member = DEV_ROLES.members[0]; // account 2, registered under the root
const root = devAccount(DEV_ROLES.deployer).address; // its upline: the referral root, the timelock's proposer
/** The implementation the upgrade is announced to (announce checks no code; nothing is upgraded here). */
const NEW_IMPLEMENTATION = devAccount(DEV_ROLES.newcomers[5]).address;

function reads(chain: PublicClient, contracts: Record<string, Address>) {
  const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
  // the views Staking answers through its fallback, with StakingAdmin's ABI
  const income = { address: contracts.Staking!, abi: stakingAdminAbi } as const;
  return {
    ...stakingReads(chain, contracts),
    announcement: () => chain.readContract({ ...staking, functionName: "announcement" }),
    credited: async (account: Address) =>
      (await chain.readContract({ ...income, functionName: "income", args: [account] }))[0],
    quote: (index: bigint) =>
      chain.readContract({ ...income, functionName: "closeEarlyQuote", args: [index] }),
  };
}

test.describe("leaving before an upgrade lands", () => {
  test.use({ walletAccount: member, viewport: { width: 375, height: 812 } });

  test("the proposer announces an upgrade through the timelock; a member closes a locked order early", async ({
    page,
    browser,
    chain,
    contracts,
    wallet,
  }) => {
    test.setTimeout(180_000);
    const r = reads(chain, contracts);
    const me = wallet.account.address;
    const timelock = contracts.Timelock!;
    // the root holds an open stake (so its downline's deposits credit it), then the member opens a locked order
    await direct(
      chain,
      devWallet(DEV_ROLES.members[1]).writeContract({
        address: contracts.Usdt!,
        abi: usdtAbi,
        functionName: "transfer",
        args: [root, parseEther("100")], // the deployer holds no USDT
      }),
    );
    await stakeDirect(chain, contracts, DEV_ROLES.deployer, parseEther("100"));
    const creditedBefore = await r.credited(root);
    await stakeDirect(chain, contracts, member, parseEther("100"));
    const index = await r.orderIndex(me, 0n);
    const credited = (await r.credited(root)) - creditedBefore;
    expect(credited).toBeGreaterThan(0n); // the member's order credited its upline
    expect((await r.announcement())[2]).toBe(0n);

    // the proposer announces the upgrade from the manager area: scheduled on the timelock, then executed
    const proposer = await openPageAs(browser, DEV_ROLES.deployer);
    await openManager(proposer.page, "/manager?tab=Staking");
    const card = proposer.page.getByRole("region", { name: /Announce upgrade \/ transfer/ });
    await expect(card.getByText("Through the timelock", { exact: true })).toBeVisible();
    await expect(card.getByTestId("Staking-announcement")).toHaveText("Nothing is announced.");
    await card.getByLabel(/^implementation/).fill(NEW_IMPLEMENTATION);
    await card.getByRole("button", { name: "Announce" }).click();
    const confirm = proposer.page.getByRole("alertdialog", { name: "Announce upgrade / transfer" });
    await expect(confirm).toContainText(
      `Staking.announce: upgrade to ${NEW_IMPLEMENTATION}; members may close early for 3 d after it runs`,
    );
    await expect(confirm.getByTestId("schedule-note")).toContainText("It can run from");
    await confirm.getByRole("button", { name: "Confirm" }).click();
    await expectScheduled(
      chain,
      timelock,
      contracts.Staking!,
      encodeFunctionData({
        abi: stakingAbi,
        functionName: "announce",
        args: [NEW_IMPLEMENTATION, zeroAddress],
      }),
    );
    expect((await r.announcement())[2]).toBe(0n); // scheduled, not run
    await executeQueued(proposer.page, chain, timelock);
    await expect.poll(async () => (await r.announcement())[0]).toBe(NEW_IMPLEMENTATION);
    const [, newOwner, readyAt] = await r.announcement();
    expect(newOwner).toBe(zeroAddress);
    await proposer.context.close();
    // an order opened after the announcement cannot be closed early (NoEarlyClose): it gets no button
    await stakeDirect(chain, contracts, member, parseEther("100"));
    const later = await r.orderIndex(me, 1n);

    // /governance shows the announcement to anyone
    const visitor = await browser.newContext({ viewport: { width: 375, height: 812 } });
    const publicPage = await visitor.newPage();
    await publicPage.addInitScript(() => window.localStorage.setItem("lang", "en"));
    await publicPage.goto("/governance");
    const announced = publicPage.getByTestId("staking-announcement");
    await expect(announced.getByTestId("announced-implementation")).toHaveText(NEW_IMPLEMENTATION);
    await expect(announced.getByTestId("announced-ready-at")).toHaveText(utc(readyAt));
    await expect(announced.getByRole("timer")).toBeVisible();
    await expect(announced).toContainText(
      "Members may close their orders opened before the announcement early",
    );
    expect(await publicPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await visitor.close();

    // the member sees the banner and closes the order early at the quoted refund
    await page.goto("/stakes");
    await connectWallet(page);
    const banner = page.getByRole("region", { name: "A change of Staking is announced" });
    await expect(banner).toContainText(`Upgrade of Staking to the implementation ${NEW_IMPLEMENTATION}`);
    await expect(banner.getByTestId("announce-ready-at")).toHaveText(utc(readyAt));
    await expect(banner.getByRole("timer")).toBeVisible();
    await expect(banner).toContainText("can be closed early");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const row = page.getByRole("listitem", { name: `Order #${index}` });
    await expect(row).toContainText("In progress");
    await expect(row.getByRole("button", { name: "Close early" })).toBeVisible();
    const laterRow = page.getByRole("listitem", { name: `Order #${later}` });
    await expect(laterRow).toContainText("In progress");
    await expect(laterRow.getByRole("button", { name: "Close early" })).toHaveCount(0);
    await row.getByRole("button", { name: "Close early" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Close order #${index} early?` });
    // the quote the page shows is the chain's now (the latest block); the close is mined at that same time
    const latest = await chain.getBlock({ blockTag: "latest" });
    const [refund, cancelled] = await r.quote(index);
    expect(refund).toBeGreaterThan(0n);
    expect(refund).toBeLessThanOrEqual(parseEther("100"));
    expect(cancelled).toBeGreaterThan(0n);
    await expect(dialog.getByTestId("close-early-refund")).toHaveText(`${formatAmount(refund)} USDT`);
    await expect(dialog.getByTestId("close-early-cancelled")).toHaveText(`${formatAmount(cancelled)} USDT`);
    const usdtBefore = await r.usdt(me);
    const creditedBeforeClose = await r.credited(root);
    const sent = sends(wallet.calls);
    await chainRpc("evm_setNextBlockTimestamp", [Number(latest.timestamp)]);
    await dialog.getByRole("button", { name: "Close early" }).click();

    await expect.poll(async () => (await r.order(index)).isValid).toBe(false);
    expect(sends(wallet.calls)).toBe(sent + 1); // closeEarly only: nothing to approve
    const order = await r.order(index);
    expect(order.lastTime).toBe(latest.timestamp);
    const logs = parseEventLogs({
      abi: stakingAbi,
      eventName: "ClosedEarly",
      logs: await chain.getLogs({
        address: contracts.Staking!,
        fromBlock: (await chain.getBlockNumber()) - 1n,
      }),
    });
    expect(logs).toHaveLength(1);
    expect(logs[0]!.args).toEqual({ account: me, index, refund, cancelled });
    expect(await r.usdt(me)).toBe(usdtBefore + refund);
    expect(await r.credited(root)).toBe(creditedBeforeClose - cancelled);

    // the page: the order closed early, no button left, the balance refreshed
    await expect(page.getByText("Success").last()).toBeVisible();
    await expect(row).toContainText("Closed early");
    await expect(row).toContainText("Closed early at");
    await expect(row.getByRole("button", { name: "Close early" })).toHaveCount(0);
    const form = page.getByRole("region", { name: "Deposit", exact: true });
    await expect(kvValue(form, "Balance")).toHaveText(`${formatAmount(usdtBefore + refund)} USDT`);
  });
});

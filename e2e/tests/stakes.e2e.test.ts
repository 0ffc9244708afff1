import { stakingAbi } from "@taichi/contracts";
import type { Locator } from "@playwright/test";
import {
  type Address,
  type Hash,
  type PublicClient,
  decodeFunctionData,
  encodeFunctionData,
  parseEther,
} from "viem";
import { formatAmount, percentFromBps } from "../../app/src/lib/format.ts";
import { DEV_ROLES, devAccount, expect, test, kvValue, REHEARSAL } from "../fixtures/test.ts";
import {
  connectWallet,
  devWallet,
  direct,
  mineAt,
  openPageAs,
  ownerCall,
  sends,
} from "../fixtures/accounts.ts";
import { depositFromUi, stakingReads } from "../fixtures/stakes.ts";

const member = DEV_ROLES.members[0]; // account 2, registered under the root
const root = devAccount(DEV_ROLES.deployer).address;

function reads(chain: PublicClient, contracts: Record<string, Address>) {
  const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
  return {
    ...stakingReads(chain, contracts),
    user: (account: Address) => chain.readContract({ ...staking, functionName: "users", args: [account] }),
    config: () => chain.readContract({ ...staking, functionName: "getConfig" }),
    multi: () => chain.readContract({ ...staking, functionName: "getConfigMulti" }),
    rates: () => chain.readContract({ ...staking, functionName: "getIncomeRates" }),
    nodes: (account: Address) => chain.readContract({ ...staking, functionName: "nodes", args: [account] }),
    /** the arguments `account`'s deposits were sent with, oldest first (from their transactions' input) */
    depositArgs: async (account: Address) => {
      const logs = await chain.getContractEvents({
        ...staking,
        eventName: "Deposited",
        args: { account },
        fromBlock: 0n,
      });
      const hashes = [...new Set(logs.map((log) => log.transactionHash as Hash))];
      return Promise.all(
        hashes.map(async (hash) => {
          const tx = await chain.getTransaction({ hash });
          return decodeFunctionData({ abi: stakingAbi, data: tx.input }).args;
        }),
      );
    },
  };
}

/** Seconds left on a countdown ("06d 07h 11m 59s"). */
async function timerSeconds(row: Locator): Promise<number> {
  const text = (await row.getByRole("timer").textContent()) ?? "";
  const [d, h, m, s] = (text.match(/\d+/g) ?? []).map(Number);
  expect(s, `countdown "${text}"`).toBeDefined();
  return ((d! * 24 + h!) * 60 + m!) * 60 + s!;
}

test.describe("staking journey", () => {
  test.use({ walletAccount: member });

  test(
    "a first order opens with bottom acceleration -> the referrer sees the invitee -> release at its own endTime",
    REHEARSAL,
    async ({ page, wallet, chain, contracts, browser }) => {
      test.setTimeout(120_000);
      const r = reads(chain, contracts);
      const me = wallet.account.address;
      const stakingAddress = contracts.Staking!;
      const amount = parseEther("100");
      const multi = await r.multi();
      expect(multi.stakeDays[0]).toBe(7n);
      // a 10% release fee (the deploy's is 0), so what the page says a release pays must take it off
      const { fundIncome: _, ...settings } = await r.config();
      await ownerCall(
        chain,
        contracts,
        stakingAddress,
        encodeFunctionData({
          abi: stakingAbi,
          functionName: "setConfig",
          args: [{ ...settings, feeRate: 1000n }],
        }),
      );
      const { dayTimes, feeRate } = await r.config();
      expect(feeRate).toBe(1000n);
      const rates = await r.rates(); // deploy defaults: bottom 10% of the lock for a newcomer
      expect(rates.bottomRate).toBeGreaterThan(0n);
      const lock = 7n * dayTimes;
      const saved = (lock * rates.bottomRate) / 10_000n;
      const usdtBefore = await r.usdt(me);
      const poolBefore = await r.usdt(stakingAddress);

      // deposit through the UI: approve + deposit
      await page.goto("/stakes");
      await connectWallet(page);
      const tiers = page.getByRole("region", { name: "Stake tiers" });
      await expect(tiers.getByText("7 days")).toBeVisible();
      const form = page.getByRole("region", { name: "Deposit", exact: true });
      const amountField = form.getByLabel("Amount (USDT value)");
      await amountField.fill("99");
      await expect(form.getByRole("alert")).toHaveText("The amount is outside the allowed range");
      await expect(form.getByRole("button", { name: "Deposit" })).toBeDisabled();
      await amountField.fill("100");
      await expect(form.getByText("Static income at the end")).toBeVisible();
      // the page predicts the acceleration the contract gives a newcomer's first order
      const days = (seconds: bigint) => formatAmount((seconds * 100n) / dayTimes, { decimals: 2 });
      await expect(kvValue(form, "Locked for")).toHaveText(
        `${days(lock - saved)} days · Bottom acceleration ${days(saved)} days sooner`,
      );
      await form.getByRole("button", { name: "Deposit" }).click();

      await expect.poll(async () => (await r.user(me)).orders).toBe(1n);
      expect(sends(wallet.calls)).toBe(2); // approve(1e38), deposit
      expect(await r.usdt(me)).toBe(usdtBefore - amount);
      expect(await r.usdt(stakingAddress)).toBe(poolBefore + amount);
      const id = await r.orderIndex(me, 0n);
      const order = await r.order(id);
      expect(order).toMatchObject({
        isValid: true,
        owner: me,
        amount,
        actual: amount,
        lockDay: 7n,
        rate: multi.stakeRates[0],
      });
      // sent on the terms shown: the tier's lock and rate, and at most the 100 USDT shown
      expect(await r.depositArgs(me)).toEqual([[0n, amount, true, 7n, multi.stakeRates[0], amount]]);
      expect(order.reward).toBe((amount * multi.stakeRates[0]! * 7n) / 10_000n);
      // bottom acceleration: the lock is shorter, the static income the tier's
      expect(order.endTime - order.startTime).toBe(lock - saved);

      const row = page.getByRole("listitem", { name: `Order #${id}` });
      await expect(row.getByText("In progress")).toBeVisible();
      await expect(row.getByText("Bottom acceleration")).toBeVisible();
      await expect(row.getByText(`${days(saved)} days sooner`)).toBeVisible();
      await expect(row.getByRole("button", { name: "Release" })).toHaveCount(0);
      // the countdown runs to the order's own endTime, not to the end of the tier's 7 days (60,480 s later).
      // The page ticks the chain's clock on from the block it last read, the test counts from the latest
      // block: the two may drift apart by the seconds a loaded machine takes, never by hours.
      const left = Number(order.endTime - (await chain.getBlock()).timestamp);
      const shown = await timerSeconds(row);
      expect(Math.abs(shown - left)).toBeLessThan(600);
      expect(shown).toBeLessThan(Number(lock - saved) + 2);

      // my income: this order's static income counts as brought forward by bottom acceleration
      const income = page.getByRole("region", { name: "My income" });
      await expect(income.getByRole("listitem", { name: "Bottom acceleration" })).toContainText(
        `${formatAmount(order.reward)} USDT paid sooner · ${days(saved)} days sooner over 1 orders`,
      );
      await expect(income.getByRole("listitem", { name: "Exit acceleration" })).toContainText(
        "0 USDT paid sooner · 0 days sooner over 0 orders",
      );
      await expect(income.getByRole("listitem", { name: "Static income" })).toContainText(
        `${formatAmount(order.reward)} USDT`,
      );

      // the referrer (root) sees the invitee on /invites, and the volume on /team
      const other = await openPageAs(browser, DEV_ROLES.deployer);
      try {
        await other.page.goto("/invites");
        await connectWallet(other.page);
        await expect(other.page.getByTestId("invite-link")).toHaveText(/\/\?code=0x/);
        await expect(other.page.getByTestId("invite-link")).toContainText(`?code=${root}`);
        const invitees = other.page.getByRole("region", { name: "My direct invitees" });
        await expect(invitees.getByTitle(me)).toBeVisible();
        await expect(invitees.getByText("Staked 100 USDT")).toBeVisible();
        await expect(invitees.getByText("No more")).toBeVisible();
        expect(await other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          375,
        );

        await other.page.goto("/team");
        const team = other.page.getByRole("region", { name: "My team", exact: true });
        await expect(team.getByText("100 USDT").first()).toBeVisible();
        const today = other.page.getByRole("region", { name: "Today's team statistics" });
        await expect(today.getByText("100 USDT")).toBeVisible();
        expect(await other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          375,
        );
      } finally {
        await other.context.close();
      }

      // time travel to the order's endTime, earlier than the tier's 7 days: the order is releasable
      expect(order.endTime).toBeLessThan(order.startTime + lock);
      await mineAt(chain, Number(order.endTime));
      expect((await chain.getBlock()).timestamp).toBe(order.endTime);
      await page.reload();
      const release = row.getByRole("button", { name: "Release" });
      await expect(row.getByText("Releasable")).toBeVisible();
      const usdtBeforeRelease = await r.usdt(me);
      const fee = (order.reward * feeRate) / 10_000n;
      // what the page says the release pays is what lands
      expect(fee).toBeGreaterThan(0n);
      await expect(
        row.getByText(
          `Release pays ${formatAmount(amount + order.reward - fee)} USDT (after a ${formatAmount(fee)} fee)`,
        ),
      ).toBeVisible();
      await release.click();

      await expect.poll(async () => (await r.order(id)).isValid).toBe(false);
      expect(await r.usdt(me)).toBe(usdtBeforeRelease + amount + order.reward - fee);
      expect(sends(wallet.calls)).toBe(3);

      // paid exactly once: the order is ended and the page offers no second release
      await expect(row.getByText("Ended")).toBeVisible();
      await expect(row.getByRole("button", { name: "Release" })).toHaveCount(0);
      await page.reload();
      await expect(page.getByRole("listitem", { name: `Order #${id}` }).getByText("Ended")).toBeVisible();
      await expect(page.getByRole("button", { name: "Release" })).toHaveCount(0);
      expect(await r.usdt(me)).toBe(usdtBeforeRelease + amount + order.reward - fee);
      expect((await r.order(id)).lastTime).toBeLessThan(order.startTime + lock);
    },
  );
});

test.describe("a deposit on terms that changed since the page read them", () => {
  test.use({ walletAccount: member });

  test("the owner lengthens tier 1's lock after the page read it: the deposit is refused, says the new terms, and the page shows them; the next one opens on them", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    test.setTimeout(120_000);
    const r = reads(chain, contracts);
    const me = wallet.account.address;
    const amount = parseEther("100");
    const multi = await r.multi();
    expect(multi.stakeDays[0]).toBe(7n);
    const rate = multi.stakeRates[0]!;

    await page.goto("/stakes");
    await connectWallet(page);
    const tiers = page.getByRole("region", { name: "Stake tiers" });
    await expect(tiers.getByText("7 days")).toBeVisible();
    const form = page.getByRole("region", { name: "Deposit", exact: true });
    await form.getByLabel("Amount (USDT value)").fill("100");
    await expect(form.getByText("Static income at the end")).toBeVisible();

    // meanwhile the owner (through the timelock) makes tier 1 lock 8 days
    await ownerCall(
      chain,
      contracts,
      contracts.Staking!,
      encodeFunctionData({
        abi: stakingAbi,
        functionName: "setConfigMulti",
        args: [{ ...multi, stakeDays: [8n, ...multi.stakeDays.slice(1)] as never }],
      }),
    );
    expect((await r.multi()).stakeDays[0]).toBe(8n);

    await form.getByRole("button", { name: "Deposit" }).click();
    await expect(
      page.getByText(
        `The tier's terms changed since you opened the page: now 8 days at ${percentFromBps(rate)}% a day. Review and try again.`,
      ),
    ).toBeVisible();
    await expect(page.getByText("Awaiting...")).toHaveCount(0);
    // refused at the estimate: only the approval went out, no order opened
    expect(sends(wallet.calls)).toBe(1);
    expect((await r.user(me)).orders).toBe(0n);
    // the page read the tiers anew: it shows the 8 days now
    await expect(tiers.getByText("8 days")).toBeVisible();
    await expect(tiers.getByText("7 days")).toHaveCount(0);

    // deposited again, on the terms now shown: the order locks 8 days at the tier's rate
    await form.getByRole("button", { name: "Deposit" }).click();
    await expect.poll(async () => (await r.user(me)).orders).toBe(1n);
    expect(sends(wallet.calls)).toBe(2);
    const order = await r.order(await r.orderIndex(me, 0n));
    expect(order).toMatchObject({ lockDay: 8n, rate, amount });
    expect(await r.depositArgs(me)).toEqual([[0n, amount, true, 8n, rate, amount]]);
  });
});

test.describe("node dividend", () => {
  const node = DEV_ROLES.members[1]; // registered under the root, not upline of the depositor
  test.use({ walletAccount: node });

  test("a node sees its dividend from another member's deposit and claims exactly that", async ({
    page,
    wallet,
    chain,
    contracts,
    browser,
  }) => {
    test.setTimeout(120_000);
    const r = reads(chain, contracts);
    const me = wallet.account.address;
    const depositor = devAccount(DEV_ROLES.members[0]).address;
    await direct(
      chain,
      devWallet(DEV_ROLES.manager).writeContract({
        address: contracts.Staking!,
        abi: stakingAbi,
        functionName: "setNode",
        args: [me, true],
      }),
    );
    expect(await r.nodes(me)).toEqual([true, 0n, 1n]);

    // another member deposits 100 USDT in tier 0 through the UI
    const other = await openPageAs(browser, DEV_ROLES.members[0]);
    try {
      await other.page.goto("/stakes");
      await connectWallet(other.page);
      await depositFromUi(other.page, "100");
      await expect.poll(async () => (await r.user(depositor)).orders).toBe(1n);
    } finally {
      await other.context.close();
    }
    // the only node gets nodeRate of the order's static income
    const order = await r.order(await r.orderIndex(depositor, 0n));
    const { nodeRate } = await r.rates();
    const [, reward] = await r.nodes(me);
    expect(reward).toBe((order.reward * nodeRate) / 10_000n);
    expect(reward).toBeGreaterThan(0n);
    // credited now, vesting with the order until it ends: nothing claimable yet
    expect((await r.user(me)).balanceReward).toBe(0n);

    await page.goto("/stakes");
    await connectWallet(page);
    const income = page.getByRole("region", { name: "My income" });
    const row = income.getByRole("listitem", { name: "Node dividend" });
    await expect(row).toContainText(`${formatAmount(reward)} USDT`);
    await expect(row).toContainText("You are a node");
    await expect(row).toContainText(`${Number(nodeRate) / 100}% of every order's static income`);
    const value = (label: string) => kvValue(income, label);
    const claimable = value("Claimable");
    await expect(value("Credited")).toHaveText(`${formatAmount(reward)} USDT`);
    await expect(value("Vested so far")).toHaveText("0 USDT");
    await expect(claimable).toHaveText("0 USDT");
    await expect(income.getByRole("button", { name: "Claim income" })).toBeDisabled();

    // the order ends: all of it has vested
    await mineAt(chain, Number(order.endTime));
    expect((await r.user(me)).balanceReward).toBe(reward); // nothing else: the node is not in the depositor's upline
    await page.reload();
    await expect(value("Vested so far")).toHaveText(`${formatAmount(reward)} USDT`);
    await expect(claimable).toHaveText(`${formatAmount(reward)} USDT`);

    const before = await r.usdt(me);
    await income.getByRole("button", { name: "Claim income" }).click();
    await expect.poll(async () => (await r.user(me)).balanceReward).toBe(0n);
    expect(await r.usdt(me)).toBe(before + reward);
    expect(sends(wallet.calls)).toBe(1);
    // the total stays, what is claimable is gone
    await expect(claimable).toHaveText("0 USDT");
    await expect(row).toContainText(`${formatAmount(reward)} USDT`);
    await expect(income.getByRole("button", { name: "Claim income" })).toBeDisabled();
  });
});

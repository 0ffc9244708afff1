import { stakingAbi, usdtAbi } from "@taichi/contracts";
import { type Address, type PublicClient, parseEther } from "viem";
import { DEV_ROLES, devAccount, expect, test } from "../fixtures/test.ts";
import { connectWallet, openPageAs, sends, timeTravel } from "../fixtures/accounts.ts";

const member = DEV_ROLES.members[0]; // account 2, registered under the root
const root = devAccount(DEV_ROLES.deployer).address;

function reads(chain: PublicClient, contracts: Record<string, Address>) {
  const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
  return {
    usdt: (account: Address) =>
      chain.readContract({
        address: contracts.Usdt!,
        abi: usdtAbi,
        functionName: "balanceOf",
        args: [account],
      }),
    user: (account: Address) => chain.readContract({ ...staking, functionName: "users", args: [account] }),
    orderIndex: (account: Address, i: bigint) =>
      chain.readContract({ ...staking, functionName: "userOrderIndex", args: [account, i] }),
    order: (index: bigint) => chain.readContract({ ...staking, functionName: "orders", args: [index] }),
    config: () => chain.readContract({ ...staking, functionName: "getConfig" }),
    multi: () => chain.readContract({ ...staking, functionName: "getConfigMulti" }),
  };
}

test.describe("staking journey (issue 5)", () => {
  test.use({ walletAccount: member });

  test("deposit in tier 0 -> the referrer sees the invitee -> time travel -> release once", async ({
    page,
    wallet,
    chain,
    contracts,
    browser,
  }) => {
    test.setTimeout(120_000);
    const r = reads(chain, contracts);
    const me = wallet.account.address;
    const stakingAddress = contracts.Staking!;
    const amount = parseEther("100");
    const multi = await r.multi();
    expect(multi.stakeDays[0]).toBe(7n);
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
    await form.getByRole("button", { name: "Deposit" }).click();

    await expect.poll(async () => (await r.user(me)).orders).toBe(1n);
    expect(sends(wallet.calls)).toBe(2); // approve(1e38), deposit
    expect(await r.usdt(me)).toBe(usdtBefore - amount);
    expect(await r.usdt(stakingAddress)).toBe(poolBefore + amount);
    const id = await r.orderIndex(me, 0n);
    const order = await r.order(id);
    expect(order).toMatchObject({ isValid: true, owner: me, amount, actual: amount, lockDay: 7n });
    expect(order.reward).toBe((amount * multi.stakeRates[0]! * 7n) / 10_000n);

    const row = page.getByRole("listitem", { name: `Order #${id}` });
    await expect(row.getByText("In progress")).toBeVisible();
    await expect(row.getByRole("timer")).toBeVisible();
    await expect(row.getByRole("button", { name: "Release" })).toHaveCount(0);

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
      expect(await other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      await other.page.goto("/team");
      const team = other.page.getByRole("region", { name: "My team", exact: true });
      await expect(team.getByText("100 USDT").first()).toBeVisible();
      const today = other.page.getByRole("region", { name: "Today's team statistics" });
      await expect(today.getByText("100 USDT")).toBeVisible();
      expect(await other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    } finally {
      await other.context.close();
    }

    // time travel past endTime: the order becomes releasable
    const { timestamp } = await chain.getBlock();
    await timeTravel(order.endTime - timestamp + 1n);
    await page.reload();
    const release = row.getByRole("button", { name: "Release" });
    await expect(row.getByText("Releasable")).toBeVisible();
    const usdtBeforeRelease = await r.usdt(me);
    const { feeRate } = await r.config();
    const fee = (order.reward * feeRate) / 10_000n;
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
    const income = page.getByRole("region", { name: "My income" });
    await expect(income.getByText("Static income", { exact: true })).toBeVisible();
  });
});

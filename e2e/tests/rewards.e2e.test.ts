import { holdDividendAbi, lpDividendAbi, nodeRewardAbi, pairAbi, swapTokenAbi } from "@taichi/contracts";
import { type Address, parseEther } from "viem";
import { DEV_ROLES, expect, test, kvValue } from "../fixtures/test.ts";
import { SIGNING_METHODS } from "@taichi/scripts/testWallet/wallet";
import { buyDirect, connectWallet, devWallet, direct } from "../fixtures/accounts.ts";

const member = DEV_ROLES.members[0];

test.describe("dividends and node rewards on /mine", () => {
  test.use({ walletAccount: member });

  test("a holder credits its share, then claims the hold dividend and its node rewards from buy fees", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const me = wallet.account.address;
    const token = contracts.SwapToken!;
    const hold = contracts.HoldDividend!;
    const node = contracts.NodeReward!;
    const balance = (account: Address) =>
      chain.readContract({ address: token, abi: swapTokenAbi, functionName: "balanceOf", args: [account] });
    const holder = () =>
      chain.readContract({ address: hold, abi: holdDividendAbi, functionName: "users", args: [me] });
    const nodeInfo = () =>
      chain.readContract({ address: node, abi: nodeRewardAbi, functionName: "getUserInfo", args: [me] });
    await direct(
      chain,
      devWallet(DEV_ROLES.deployer).writeContract({
        address: token,
        abi: swapTokenAbi,
        functionName: "transfer",
        args: [me, parseEther("10000")],
      }),
    );
    await direct(
      chain,
      devWallet(DEV_ROLES.manager).writeContract({
        address: node,
        abi: nodeRewardAbi,
        functionName: "setUserForce",
        args: [me, true, false, false],
      }),
    );

    await page.goto("/mine");
    await connectWallet(page);
    const card = page.getByRole("region", { name: "Dividends and node rewards" });
    await expect(card.getByText("Class A rewards")).toBeVisible();
    await expect(kvValue(card, "Node class")).toHaveText("A");

    // credited from the balance seen at two updates in different blocks
    const nonce = await chain.getTransactionCount({ address: me });
    await card.getByRole("button", { name: "Update my share" }).first().click();
    await expect.poll(() => chain.getTransactionCount({ address: me })).toBe(nonce + 1);
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);
    await card.getByRole("button", { name: "Update my share" }).first().click();
    await expect.poll(async () => (await holder()).amount).toBe(parseEther("10000"));

    // another member buys: 1% of it to the hold dividend, 1% to the node reward
    await buyDirect(chain, contracts, DEV_ROLES.members[1], token, parseEther("100"));

    await page.reload();
    await expect(card.getByTestId("hold-owed")).not.toHaveText("0");
    const owed = (await holder()).balance;
    expect(owed).toBeGreaterThan(parseEther("9"));
    const before = await balance(me);
    await card.getByRole("button", { name: "Claim", exact: true }).first().click();
    await expect.poll(async () => (await holder()).rewardTotal).toBe(owed);
    expect(await balance(me)).toBe(before + owed);
    expect((await holder()).balance).toBe(0n);

    const nodeOwed = (await nodeInfo()).balance;
    expect(nodeOwed).toBeGreaterThan(0n);
    await card.getByRole("button", { name: "Claim", exact: true }).last().click();
    await expect.poll(async () => (await nodeInfo()).balance).toBe(0n);
    expect(await balance(me)).toBe(before + owed + nodeOwed);
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);
  });

  test("a member stakes LP, earns from others' trades, claims exactly what it earned, and unstakes (375 px)", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    const me = wallet.account.address;
    const lpDividend = { address: contracts.LpDividend!, abi: lpDividendAbi } as const;
    const pair = { address: contracts.Pair_BurnToken_Usdt!, abi: pairAbi } as const;
    const burn = { address: contracts.BurnToken!, abi: swapTokenAbi } as const;
    const staker = () => chain.readContract({ ...lpDividend, functionName: "users", args: [me] });
    const lpHeld = () => chain.readContract({ ...pair, functionName: "balanceOf", args: [me] });
    const burnHeld = () => chain.readContract({ ...burn, functionName: "balanceOf", args: [me] });
    await direct(
      chain,
      devWallet(DEV_ROLES.deployer).writeContract({
        ...pair,
        functionName: "transfer",
        args: [me, parseEther("100")],
      }),
    );

    await page.goto("/mine");
    await connectWallet(page);
    const card = page.getByRole("region", { name: "Dividends and node rewards" });
    await expect(card.getByText("LP in your wallet")).toBeVisible();
    await expect(card.getByTestId("lp-staked")).toHaveText("0");
    const amount = card.getByLabel("Amount to stake (LP)");
    await amount.fill("101");
    await expect(card.getByRole("alert")).toHaveText("Insufficient balance");
    await expect(card.getByRole("button", { name: "Stake", exact: true })).toBeDisabled();

    // a refused approval: the overlay clears and nothing moves
    await amount.fill("60");
    for (const method of SIGNING_METHODS) wallet.reject.add(method);
    await card.getByRole("button", { name: "Stake", exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: "User rejected the request" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);
    expect(await lpHeld()).toBe(parseEther("100"));
    for (const method of SIGNING_METHODS) wallet.reject.delete(method);

    // the wallet approves the LP first, then stakes, through the shared transaction path
    await card.getByRole("button", { name: "Stake", exact: true }).click();
    await expect.poll(async () => (await staker()).staked).toBe(parseEther("60"));
    expect((await staker()).lp).toBe(parseEther("60"));
    expect(await lpHeld()).toBe(parseEther("40"));
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);
    await expect(card.getByTestId("lp-staked")).toHaveText("60");

    // another member buys BurnToken: 1% of it reaches the stakers
    await buyDirect(chain, contracts, DEV_ROLES.members[1], contracts.BurnToken!, parseEther("1000"));
    await page.reload();
    await expect(card.getByTestId("lp-owed")).not.toHaveText("0");
    const owed = (await staker()).pending;
    expect(owed).toBeGreaterThan(0n);
    const before = await burnHeld();
    await card.getByRole("button", { name: "Claim LP dividend" }).click();
    await expect.poll(async () => (await staker()).reward).toBe(owed);
    expect(await burnHeld()).toBe(before + owed);
    expect((await staker()).pending).toBe(0n);

    // unstaking ends the share at once and returns the LP
    await card.getByRole("radio", { name: "Unstake" }).check();
    await card.getByLabel("Amount to unstake (LP)").fill("61");
    await expect(card.getByRole("alert")).toHaveText("Insufficient balance");
    await card.getByRole("button", { name: "Max" }).click();
    await card.getByRole("button", { name: "Unstake", exact: true }).click();
    await expect.poll(async () => (await staker()).staked).toBe(0n);
    expect((await staker()).lp).toBe(0n);
    expect(await lpHeld()).toBe(parseEther("100"));
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
  });
});

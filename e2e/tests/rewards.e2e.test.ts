import { holdDividendAbi, nodeRewardAbi, swapTokenAbi } from "@taichi/contracts";
import { type Address, parseEther } from "viem";
import { DEV_ROLES, expect, test } from "../fixtures/test.ts";
import { buyDirect, connectWallet, devWallet, direct } from "../fixtures/accounts.ts";

const member = DEV_ROLES.members[0];

test.describe("dividends and node rewards on /mine (issue 7)", () => {
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
    await expect(card.locator(".kv > div").filter({ hasText: "Node class" }).locator("dd")).toHaveText("A");

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
});

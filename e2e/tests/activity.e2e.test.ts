/**
 * A member's activity on /stakes: the deposit, the income credited by an invitee's order and
 * the claim, newest first, with the chain's amounts. With the indexer the card is one request to it and
 * the page sends no `eth_getLogs`; with the indexer down the card reads the member's own Staking logs
 * and shows the same rows.
 */
import { stakingAbi, usdtAbi } from "@taichi/contracts";
import type { Page } from "@playwright/test";
import { type Address, type PublicClient, parseEther } from "viem";
import { formatAmount } from "../../app/src/lib/format.ts";
import { connectWallet, mineAt, registerDirect, stakeDirect } from "../fixtures/accounts.ts";
import { depositFromUi } from "../fixtures/stakes.ts";
import { DEV_ROLES, devAccount, expect, recordIndexer, recordRpc, test } from "../fixtures/test.ts";

const member = DEV_ROLES.members[0]; // registered under the root, no stake
const me = devAccount(member).address;
const invitee = devAccount(DEV_ROLES.newcomers[2]);

type Contracts = Record<string, Address>;

/**
 * The member deposits 100 USDT through /stakes; an invitee of its (registered and staking directly, as
 * setup) credits it invite income; once the invitee's order has ended the member claims it through the
 * UI. Answers the rows the card must show, newest first, from the chain's state.
 */
async function depositAndClaim(page: Page, chain: PublicClient, contracts: Contracts): Promise<string[]> {
  const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
  const usdtOf = () =>
    chain.readContract({ address: contracts.Usdt!, abi: usdtAbi, functionName: "balanceOf", args: [me] });
  const firstOrder = async (account: Address) => {
    const index = await chain.readContract({
      ...staking,
      functionName: "userOrderIndex",
      args: [account, 0n],
    });
    return chain.readContract({ ...staking, functionName: "orders", args: [index] });
  };

  await page.goto("/stakes");
  await connectWallet(page);
  await depositFromUi(page, "100");
  await expect
    .poll(async () => (await chain.readContract({ ...staking, functionName: "users", args: [me] })).orders)
    .toBe(1n);
  const mine = await firstOrder(me);
  const { stakeDays } = await chain.readContract({ ...staking, functionName: "getConfigMulti" });

  await registerDirect(chain, contracts, DEV_ROLES.newcomers[2], me);
  await stakeDirect(chain, contracts, DEV_ROLES.newcomers[2], parseEther("200"));
  const theirs = await firstOrder(invitee.address);
  const credited = await chain.readContract({ ...staking, functionName: "users", args: [me] });
  expect(credited.rewardInvite).toBeGreaterThan(0n);
  expect(credited.rewardTeam).toBe(0n); // a member without a team level earns invite income only
  await mineAt(chain, Number(theirs.endTime));

  await page.reload();
  const before = await usdtOf();
  const income = page.getByRole("region", { name: "My income" });
  await income.getByRole("button", { name: "Claim income" }).click();
  await expect
    .poll(
      async () => (await chain.readContract({ ...staking, functionName: "users", args: [me] })).balanceReward,
    )
    .toBe(0n);
  const claimed = (await usdtOf()) - before;
  expect(claimed).toBe(credited.rewardInvite);

  return [
    `Claimed income ${formatAmount(claimed)} USDT`,
    `Invite income ${formatAmount(credited.rewardInvite)} USDT (order #${theirs.index})`,
    `Deposited order #${mine.index} (${stakeDays[0]} days): paid ${formatAmount(mine.actual)} USDT, worth ${formatAmount(mine.amount)} USDT`,
  ];
}

/** Opens /stakes afresh and checks the activity card lists `rows`, the invitee named on its credit. */
async function expectActivity(page: Page, rows: string[]) {
  await page.goto("/stakes"); // the wallet stays connected
  const card = page.getByRole("region", { name: "My activity" });
  const items = card.getByRole("list", { name: "My activity" }).locator(":scope > li");
  await expect(items).toHaveCount(rows.length);
  for (const [i, row] of rows.entries()) await expect(items.nth(i)).toContainText(row);
  await expect(items.nth(1).getByTitle(invitee.address)).toBeVisible();
}

test.describe("my activity on /stakes", () => {
  test.use({ walletAccount: member, viewport: { width: 375, height: 812 } });
  test.setTimeout(180_000);

  test("from the indexer: deposit, credit and claim in one request, no eth_getLogs", async ({
    page,
    chain,
    contracts,
    indexer,
  }) => {
    const rows = await depositAndClaim(page, chain, contracts);
    await indexer.caughtUp();
    const rpc = recordRpc(page);
    const asked = recordIndexer(page);
    await expectActivity(page, rows);
    expect(asked).toEqual([`/activity/${me}?limit=50`]);
    expect(rpc.count("eth_getLogs")).toBe(0);
  });

  test("with the indexer down: the same rows from the member's Staking logs", async ({
    page,
    chain,
    contracts,
  }) => {
    const rows = await depositAndClaim(page, chain, contracts);
    const rpc = recordRpc(page);
    await expectActivity(page, rows);
    expect(rpc.count("eth_getLogs")).toBeGreaterThan(0);
  });
});

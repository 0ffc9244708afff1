import { stakingAbi } from "@taichi/contracts";
import type { Page } from "@playwright/test";
import { encodeFunctionData, formatUnits, parseEther } from "viem";
import { DEV_ROLES, devAccount, expect, test } from "../fixtures/test.ts";
import { sends, stakeDirect } from "../fixtures/accounts.ts";
import { openManager, pct, reviewAndConfirm } from "../fixtures/manager.ts";
import { executeQueued, expectScheduled } from "../fixtures/governance.ts";

const node = devAccount(DEV_ROLES.members[1]).address;
const manager = devAccount(DEV_ROLES.manager).address;

async function openStaking(page: Page) {
  await openManager(page, "/manager?tab=Staking");
  await expect(page.getByRole("tabpanel", { name: "Staking" })).toBeVisible();
}

/** The Staking entries of one event in the audit log, newest first. */
async function auditEntries(page: Page, event: string) {
  await page.getByRole("tab", { name: "Audit log" }).click();
  const log = page.getByRole("region", { name: "Audit log" });
  await log.getByLabel("Contract").selectOption("Staking");
  return log.getByRole("listitem").filter({ hasText: `Staking.${event}` });
}

test.describe("the manager (dev account 1): Staking's income rates and nodes", () => {
  test.use({ walletAccount: DEV_ROLES.manager });

  test("income rates: nodeRate capped by the other dynamic rates, a change -> chain -> audit log", async ({
    page,
    chain,
    wallet,
    contracts,
  }) => {
    const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
    const before = await chain.readContract({ ...staking, functionName: "getIncomeRates" });
    const config = await chain.readContract({ ...staking, functionName: "getConfig" });
    const multi = await chain.readContract({ ...staking, functionName: "getConfigMulti" });
    // what the contract leaves to nodeRate with the deployed referral, team and equal-level rates: the total
    // is at most 100% of static income (DynamicRatesTooHigh) and keeps each tier's order's upline income
    // within its principal (UplineIncomeTooHigh)
    const cap =
      dynamicCap(multi) - (config.algebra * config.inviteRate + multi.teamRates[9] + config.equalRate);
    expect(cap).toBeGreaterThan(before.nodeRate);

    await openStaking(page);
    const form = page.getByRole("region", { name: "Income rates (node dividend, accelerations)" });
    const nodeRate = form.getByLabel(/^nodeRate/);
    await expect(nodeRate).toHaveValue(pct(before.nodeRate));
    await expect(form.getByLabel(/^exitRate/)).toHaveValue(pct(before.exitRate));
    await expect(form.getByLabel(/^bottomFloor/)).toHaveValue(pct(before.bottomFloor));
    // the caps: nodeRate's from the chain's other rates, the accelerations' fixed at half the lock
    await expect(form.getByText(`percent, at most ${pct(cap)}%`)).toBeVisible();
    await expect(form.getByText("percent, at most 50%")).toHaveCount(2);
    await expect(nodeRate).toHaveAccessibleDescription(/Counts in the dynamic-rates total/);
    // the notes wrap on a 375 px phone
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    // over the cap: a clear error, no dialog, nothing sent
    await nodeRate.fill(pct(cap + 1n));
    await form.getByLabel(/^exitRate/).fill("50.01");
    await form.getByRole("button", { name: "Review changes" }).click();
    await expect(form.getByRole("alert")).toHaveText([`At most ${pct(cap)}%`, "At most 50%"]);
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(sends(wallet.calls)).toBe(0);
    expect(await chain.readContract({ ...staking, functionName: "getIncomeRates" })).toEqual(before);

    const newRate = before.nodeRate + 100n;
    await nodeRate.fill(pct(newRate));
    await form.getByLabel(/^exitRate/).fill(pct(before.exitRate));
    await reviewAndConfirm(page, form, `nodeRate: ${pct(before.nodeRate)}% → ${pct(newRate)}%`);
    await expect
      .poll(async () => (await chain.readContract({ ...staking, functionName: "getIncomeRates" })).nodeRate)
      .toBe(newRate);
    expect(await chain.readContract({ ...staking, functionName: "getIncomeRates" })).toEqual({
      ...before,
      nodeRate: newRate,
    });
    expect(sends(wallet.calls)).toBe(1);

    const entry = (await auditEntries(page, "IncomeRatesUpdated")).first();
    await expect(entry).toContainText(`nodeRate: ${pct(before.nodeRate)}% → ${pct(newRate)}%`);
    await expect(entry).not.toContainText("exitRate"); // only what changed
    await expect(entry).toContainText(`By ${manager.slice(0, 10)}`);
    await expect(entry).toContainText(/0x[0-9a-f]{64}/);
  });

  test("nodes: look up an address, make it a node, it earns from a later deposit, remove it -> chain -> audit log", async ({
    page,
    chain,
    contracts,
  }) => {
    const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
    const nodesOf = () => chain.readContract({ ...staking, functionName: "nodes", args: [node] });
    expect(await nodesOf()).toEqual([false, 0n, 0n]);

    await openStaking(page);
    const section = page.getByRole("region", { name: "Nodes (Staking node dividend)" });
    // told apart from NodeReward's classes
    await expect(section).toContainText("Not NodeReward's classes A/B/C");
    await section.getByLabel(/^account/).fill(node.toLowerCase());
    await section.getByRole("button", { name: "Look up" }).click();
    const isNode = section.getByLabel(/^isNode/);
    await expect(isNode).toHaveValue("false");
    const shown = (field: string) => section.getByTestId(`Staking-stakingNodes-${field}`);
    await expect(shown("reward")).toHaveText("0");
    await expect(shown("nodeCount")).toHaveText("0");

    await isNode.selectOption("true");
    // the confirm names the node-to-be in full (it was looked up in lower case)
    await reviewAndConfirm(page, section, "isNode: false → true", { target: node });
    await expect.poll(async () => (await nodesOf())[0]).toBe(true);
    await expect(shown("nodeCount")).toHaveText("1");

    // a member's deposit (setup, not UI) shares nodeRate of its static income with the one node
    const amount = parseEther("100");
    await stakeDirect(chain, contracts, DEV_ROLES.members[0], amount);
    const [, earned] = await nodesOf();
    expect(earned).toBeGreaterThan(0n);
    await section.getByRole("button", { name: "Look up" }).click();
    await expect(shown("reward")).toHaveText(formatUnits(earned, 18));

    await isNode.selectOption("false");
    await reviewAndConfirm(page, section, "isNode: true → false", { target: node });
    await expect.poll(async () => (await nodesOf())[0]).toBe(false);
    expect(await nodesOf()).toEqual([false, earned, 0n]); // a removed node keeps what it earned
    await expect(shown("nodeCount")).toHaveText("0");
    await expect(shown("reward")).toHaveText(formatUnits(earned, 18));

    const entries = await auditEntries(page, "NodeUpdated");
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText("isNode: true → false");
    await expect(entries.last()).toContainText("isNode: false → true");
    await expect(entries.first()).toContainText(`By ${manager.slice(0, 10)}`);
    await expect(entries.first()).toContainText(`account: ${node}`); // whose status changed
  });
});

test.describe("the manager (dev account 1): Staking's stake tiers, at once only in members' favour", () => {
  test.use({ walletAccount: DEV_ROLES.manager });

  test("a lower rate is refused (the owner's, and the manager is no proposer); a shorter lock applies at once", async ({
    page,
    chain,
    wallet,
    contracts,
  }) => {
    const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
    const multi = () => chain.readContract({ ...staking, functionName: "getConfigMulti" });
    const before = await multi();

    await openStaking(page);
    const tiers = page.getByRole("region", { name: "Stake tiers (5)" });
    await expect(tiers.getByText("Against members: owner only", { exact: true })).toBeVisible();
    await tiers.getByLabel("stakeRates #2", { exact: true }).fill(pct(before.stakeRates[1] - 1n));
    await tiers.getByRole("button", { name: "Review changes" }).click();
    await expect(tiers.getByRole("alert")).toContainText(
      "This change is against members, so only the owner can make it, through the timelock.",
    );
    await expect(tiers.getByTestId("change-reasons")).toHaveText("lower rate in tier 2");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(sends(wallet.calls)).toBe(0);

    await tiers.getByRole("button", { name: "Reset" }).click();
    const shorter = before.stakeDays[0] - 1n;
    await tiers.getByLabel("stakeDays #1", { exact: true }).fill(shorter.toString());
    await reviewAndConfirm(page, tiers, /stakeDays #1: .* → /, { path: ["Applies at once"] });
    await expect.poll(async () => (await multi()).stakeDays[0]).toBe(shorter);
    expect(sends(wallet.calls)).toBe(1);
    expect(await multi()).toEqual({ ...before, stakeDays: [shorter, ...before.stakeDays.slice(1)] });
  });
});

// Staking's settings are the owner's, scheduled on the timelock by its proposer (the deployer locally).
test.describe("the owner (dev account 0): Staking's settings", () => {
  test.use({ walletAccount: DEV_ROLES.deployer });

  test("settings: a combination over the dynamic-rates cap is refused before anything is sent", async ({
    page,
    chain,
    wallet,
    contracts,
  }) => {
    const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
    const config = await chain.readContract({ ...staking, functionName: "getConfig" });
    const multi = await chain.readContract({ ...staking, functionName: "getConfigMulti" });
    const { nodeRate } = await chain.readContract({ ...staking, functionName: "getIncomeRates" });
    // algebra 10 (its own cap) with the deployed referral, team, equal-level and node rates
    const total = 10n * config.inviteRate + multi.teamRates[9] + config.equalRate + nodeRate;
    expect(total).toBeGreaterThan(dynamicCap(multi));

    await openStaking(page);
    const form = page.getByRole("region", { name: "Staking configuration" });
    const algebra = form.getByLabel(/^algebra/);
    await expect(algebra).toHaveValue(config.algebra.toString());
    await algebra.fill("10");
    await form.getByRole("button", { name: "Review changes" }).click();
    await expect(form.getByRole("alert")).toHaveText(
      `Dynamic rates too high: algebra × inviteRate + teamRates #10 + equalRate + nodeRate = 10 × ${pct(config.inviteRate)}% + ${pct(multi.teamRates[9])}% + ${pct(config.equalRate)}% + ${pct(nodeRate)}% = ${pct(total)}%, above the cap of ${pct(dynamicCap(multi))}% (the contract refuses it: at most 100% of an order's static income, DynamicRatesTooHigh, and in every tier at most its principal, UplineIncomeTooHigh). Lower one of them; nothing was sent`,
    );
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(sends(wallet.calls)).toBe(0);
    expect(await chain.readContract({ ...staking, functionName: "getConfig" })).toEqual(config);

    // one fewer than deployed stays under the cap: the confirm dialog, cancelled
    await algebra.fill((config.algebra - 1n).toString());
    await form.getByRole("button", { name: "Review changes" }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText(`algebra: ${config.algebra} → ${config.algebra - 1n}`);
    await expect(dialog.getByTestId("schedule-note")).toContainText("It can run from");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    expect(sends(wallet.calls)).toBe(0);
    expect(await chain.readContract({ ...staking, functionName: "getConfig" })).toEqual(config);
  });

  test("stake tiers: a longer lock waits for the timelock, naming the tier, and applies once executed", async ({
    page,
    chain,
    contracts,
  }) => {
    const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
    const multi = () => chain.readContract({ ...staking, functionName: "getConfigMulti" });
    const before = await multi();
    const longer = [before.stakeDays[0] + 1n, ...before.stakeDays.slice(1)] as const;

    await openStaking(page);
    const tiers = page.getByRole("region", { name: "Stake tiers (5)" });
    await tiers.getByLabel("stakeDays #1", { exact: true }).fill(longer[0].toString());
    await reviewAndConfirm(page, tiers, /stakeDays #1: .* → /, {
      scheduled: true,
      path: ["Waits for the timelock:", "longer lock in tier 1"],
    });
    const data = encodeFunctionData({
      abi: stakingAbi,
      functionName: "setConfigMulti",
      args: [{ ...before, stakeDays: longer as never }],
    });
    await expectScheduled(chain, contracts.Timelock!, contracts.Staking!, data);
    expect((await multi()).stakeDays[0]).toBe(before.stakeDays[0]); // not before the delay

    await executeQueued(page, chain, contracts.Timelock!);
    await expect.poll(async () => (await multi()).stakeDays[0]).toBe(longer[0]);
  });
});

/**
 * The most the dynamic-rates total may be: 100% (10,000 bp) of an order's static income, and what keeps the
 * largest tier's order's upline income within its principal: 10,000 * 10,000 / (stakeRates * stakeDays).
 */
function dynamicCap(multi: { stakeRates: readonly bigint[]; stakeDays: readonly bigint[] }): bigint {
  const largest = multi.stakeRates.reduce(
    (max, rate, t) => (rate * multi.stakeDays[t]! > max ? rate * multi.stakeDays[t]! : max),
    0n,
  );
  const byPrincipal = largest === 0n ? 10_000n : 100_000_000n / largest;
  return byPrincipal < 10_000n ? byPrincipal : 10_000n;
}

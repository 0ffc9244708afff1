import {
  burnTokenAbi,
  dataReaderAbi,
  holdDividendAbi,
  idoAbi,
  lpDividendAbi,
  lpSwapAbi,
  miningTokenAbi,
  nodeRewardAbi,
  presaleAbi,
  stakingAbi,
  swapTokenAbi,
  usdtAbi,
} from "@taichi/contracts";
import type { Locator, Page } from "@playwright/test";
import { type Address, encodeFunctionData, formatUnits, getAddress, parseEther, zeroAddress } from "viem";
import { DEV_ROLES, devAccount, expect, test } from "../fixtures/test.ts";
import { connectWallet, devWallet, direct, sends } from "../fixtures/accounts.ts";
import { executeQueued, expectScheduled } from "../fixtures/governance.ts";
import { implementationOf, openManager, pct, reviewAndConfirm } from "../fixtures/manager.ts";

const member = devAccount(DEV_ROLES.members[0]).address;
const secondMember = devAccount(DEV_ROLES.members[1]).address;
const deployerAddress = devAccount(DEV_ROLES.deployer).address;

async function openTab(page: Page, name: string) {
  await page.getByRole("tab", { name, exact: true }).click();
  await expect(page.getByRole("tabpanel", { name })).toBeVisible();
}

/** A form the connected account cannot change: tagged, its inputs disabled, nothing to send. */
async function expectReadOnly(form: Locator, tag: "Owner only") {
  await expect(form.getByText(tag, { exact: true })).toBeVisible();
  await expect(form.getByText("Read-only: this address cannot change it")).toBeVisible();
  await expect(form.getByRole("button", { name: "Review changes" })).toHaveCount(0);
  for (const input of await form.locator("input, select").all()) {
    if (!(await input.evaluate((el) => el.closest(".manager-key") !== null)))
      await expect(input).toBeDisabled();
  }
}

/** The newest audit log entry of `contract`'s `event` (about `about`, e.g. a timelock operation's call). */
async function auditShows(page: Page, contract: string, event: string, change: RegExp, about?: string) {
  await page.getByRole("tab", { name: "Audit log" }).click();
  const log = page.getByRole("region", { name: "Audit log" });
  await log.getByLabel("Contract").selectOption(contract);
  const entry = log
    .getByRole("listitem")
    .filter({ hasText: `${contract}.${event}` })
    .filter({ hasText: about ?? "" })
    .first();
  await expect(entry).toContainText(change);
  await expect(entry).toContainText(/0x[0-9a-f]{64}/); // the transaction (no explorer locally)
  return entry;
}

test.describe("the manager (dev account 1) on /manager", () => {
  test.use({ walletAccount: DEV_ROLES.manager });

  test("Ido, Staking, NodeReward, LpDividend and LpSwap: form -> chain -> audit log", async ({
    page,
    chain,
    contracts,
    wallet,
  }) => {
    test.setTimeout(120_000);
    const ido = { address: contracts.Ido!, abi: idoAbi } as const;
    const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
    const lpSwap = { address: contracts.LpSwap!, abi: lpSwapAbi } as const;
    const idoBefore = await chain.readContract({ ...ido, functionName: "getConfig" });
    const stakingBefore = await chain.readContract({ ...staking, functionName: "getConfig" });
    const multiBefore = await chain.readContract({ ...staking, functionName: "getConfigMulti" });
    const lpBefore = await chain.readContract({ ...lpSwap, functionName: "getConfig" });

    await openManager(page, "/manager?tab=Ido");
    await expect(page.getByRole("heading", { name: "Contract configuration" })).toBeVisible();

    // Ido: a rate above its on-chain cap (10%) is refused before anything is sent
    const idoForm = page.getByRole("region", { name: "Presale configuration" });
    const directRate = idoForm.getByLabel(/^directRate/);
    await expect(directRate).toHaveValue(pct(idoBefore.directRate));
    await directRate.fill("10.5");
    await idoForm.getByRole("button", { name: "Review changes" }).click();
    await expect(idoForm.getByRole("alert")).toHaveText("At most 10%");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    const newDirect = idoBefore.directRate === 600n ? 700n : 600n;
    await directRate.fill(pct(newDirect));
    // the date picker shows the on-chain time in local time, and UTC beside it
    await expect(idoForm.getByLabel(/^endTime/)).not.toHaveValue("");
    await reviewAndConfirm(page, idoForm, `directRate: ${pct(idoBefore.directRate)}% → ${pct(newDirect)}%`);
    await expect
      .poll(async () => (await chain.readContract({ ...ido, functionName: "getConfig" })).directRate)
      .toBe(newDirect);
    const idoAfter = await chain.readContract({ ...ido, functionName: "getConfig" });
    expect(idoAfter.directRate).toBe(newDirect);
    expect(idoAfter.endTime).toBe(idoBefore.endTime); // untouched fields are sent unchanged

    // priority purchase rights, granted in one batch
    const priority = page.getByRole("region", { name: "Priority purchase rights" });
    await priority
      .getByLabel("Addresses (one per line or comma-separated)")
      .fill(`${member}\n${secondMember.toLowerCase()}`);
    await priority.getByRole("button", { name: "Grant" }).click();
    const grant = page.getByRole("alertdialog", { name: "Priority purchase rights" });
    await expect(grant).toContainText("grantPriority — 2 addresses");
    await expect(grant.getByTestId("confirm-targets")).toContainText(`Address #1${member}`);
    await expect(grant.getByTestId("confirm-targets")).toContainText(`Address #2${secondMember}`);
    await grant.getByRole("button", { name: "Confirm" }).click();
    await expect
      .poll(() => chain.readContract({ ...ido, functionName: "hasPriority", args: [secondMember] }))
      .toBe(true);
    expect(await chain.readContract({ ...ido, functionName: "hasPriority", args: [member] })).toBe(true);

    // withdraw shows what the Ido owes its members and offers only the rest
    const withdraw = page.getByRole("region", { name: "Withdraw tokens" });
    const usdtHeld = await chain.readContract({
      address: contracts.Usdt!,
      abi: usdtAbi,
      functionName: "balanceOf",
      args: [contracts.Ido!],
    });
    const free = await chain.readContract({ ...ido, functionName: "withdrawable", args: [contracts.Usdt!] });
    const shown = async (id: string) =>
      Number((await withdraw.getByTestId(id).textContent())!.replace(/,/g, ""));
    await expect(withdraw.getByTestId("Ido-available")).not.toHaveText("…");
    expect(await shown("Ido-available")).toBeCloseTo(Number(formatUnits(free, 18)), 3);
    expect(await shown("Ido-owed")).toBeCloseTo(Number(formatUnits(usdtHeld - free, 18)), 3);
    await withdraw.getByLabel(/^amount/).fill(formatUnits(free + 10n ** 18n, 18));
    await withdraw.getByRole("button", { name: "Withdraw" }).click();
    await expect(withdraw.getByRole("alert")).toContainText("At most");

    // Staking: a config rate, a tier array entry, the blacklist of one address
    await openTab(page, "Staking");
    // the widest page (10- and 5-entry arrays) fits a 375 px phone without sideways scrolling
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole("region", { name: "Team levels (10)" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // the settings (fees, rates) are the owner's, behind the timelock: the manager may only lower fbPrice
    const stakingForm = page.getByRole("region", { name: "Staking configuration" });
    await expect(stakingForm.getByText("Against members: owner only", { exact: true })).toBeVisible();
    const feeRate = stakingForm.getByLabel(/^feeRate/);
    await expect(feeRate).toHaveValue(pct(stakingBefore.feeRate));
    await feeRate.fill(pct(stakingBefore.feeRate + 100n));
    await stakingForm.getByRole("button", { name: "Review changes" }).click();
    await expect(stakingForm.getByRole("alert")).toContainText(
      "This change is against members, so only the owner can make it, through the timelock. This account is not a timelock proposer: nothing was sent.",
    );
    await expect(stakingForm.getByTestId("change-reasons")).toHaveText(
      "feeRate changes (only fbPrice, lowered, is the manager's)",
    );
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await stakingForm.getByRole("button", { name: "Reset" }).click();
    const lowerPrice = (stakingBefore.fbPrice * 99n) / 100n;
    await stakingForm.getByLabel(/^fbPrice/).fill(formatUnits(lowerPrice, 18));
    await reviewAndConfirm(page, stakingForm, /fbPrice: .* → /, { path: ["Applies at once"] });
    await expect
      .poll(async () => (await chain.readContract({ ...staking, functionName: "getConfig" })).fbPrice)
      .toBe(lowerPrice);

    const tiers = page.getByRole("region", { name: "Stake tiers (5)" });
    const stock = multiBefore.stakeStocks[0] + 10n ** 18n * 1000n;
    await tiers.getByLabel("stakeStocks #1", { exact: true }).fill(formatUnits(stock, 18));
    await reviewAndConfirm(page, tiers, /stakeStocks #1: .* → /);
    await expect
      .poll(
        async () => (await chain.readContract({ ...staking, functionName: "getConfigMulti" })).stakeStocks[0],
      )
      .toBe(stock);
    const multiAfter = await chain.readContract({ ...staking, functionName: "getConfigMulti" });
    expect(multiAfter.stakeStocks[0]).toBe(stock);
    expect(multiAfter.teamRates).toEqual(multiBefore.teamRates); // the other form's arrays are kept

    const teamLevel = page.getByRole("region", { name: "Manual team level" });
    await teamLevel.getByLabel(/^account/).fill(member);
    await teamLevel.getByRole("button", { name: "Look up" }).click();
    await expect(teamLevel.getByLabel(/^isManual/)).toHaveValue("false");
    await teamLevel.getByLabel(/^level/).fill("11");
    await teamLevel.getByRole("button", { name: "Review changes" }).click();
    await expect(teamLevel.getByRole("alert")).toHaveText("At most 10");
    await teamLevel.getByLabel(/^level/).fill("5");
    await teamLevel.getByLabel(/^isManual/).selectOption("true");
    await reviewAndConfirm(page, teamLevel, "isManual: false → true");
    await expect
      .poll(async () => {
        const team = await chain.readContract({ ...staking, functionName: "teams", args: [member] });
        return [team.level, team.isManual];
      })
      .toEqual([5n, true]);

    // freezing a member is the owner's: the manager can look an address up, not change it
    const blacklist = page.getByRole("region", { name: "Blacklist" });
    await blacklist.getByLabel(/^account/).fill(member.toLowerCase());
    await blacklist.getByRole("button", { name: "Look up" }).click();
    await expect(blacklist.getByLabel(/^blacklisted/)).toHaveValue("false");
    await expectReadOnly(blacklist, "Owner only");

    // what Staking owes its members (read through DataReader) is shown beside what can be withdrawn
    const stakingWithdraw = page.getByRole("region", { name: "Withdraw tokens" });
    const stakingOwed = await chain.readContract({
      address: contracts.DataReader!,
      abi: dataReaderAbi,
      functionName: "owed",
      args: [contracts.Usdt!],
    });
    const stakingHeld = await chain.readContract({
      address: contracts.Usdt!,
      abi: usdtAbi,
      functionName: "balanceOf",
      args: [contracts.Staking!],
    });
    const stakingShown = async (id: string) =>
      Number((await stakingWithdraw.getByTestId(id).textContent())!.replace(/,/g, ""));
    await expect(stakingWithdraw.getByTestId("Staking-available")).not.toHaveText("…");
    expect(await stakingShown("Staking-owed")).toBeCloseTo(Number(formatUnits(stakingOwed, 18)), 3);
    expect(await stakingShown("Staking-available")).toBeCloseTo(
      Number(formatUnits(stakingHeld > stakingOwed ? stakingHeld - stakingOwed : 0n, 18)),
      3,
    );

    // NodeReward: the class rates are the owner's; the node classes of one address are the manager's
    const nodeReward = { address: contracts.NodeReward!, abi: nodeRewardAbi } as const;
    await openTab(page, "NodeReward");
    await expectReadOnly(page.getByRole("region", { name: "Class rates (A, B, C)" }), "Owner only");
    const forces = page.getByRole("region", { name: "Node classes of an address" });
    await forces.getByLabel(/^account/).fill(member);
    await forces.getByRole("button", { name: "Look up" }).click();
    await expect(forces.getByLabel(/^isForceA/)).toHaveValue("false");
    await forces.getByLabel(/^isForceA/).selectOption("true");
    await reviewAndConfirm(page, forces, "isForceA: false → true");
    expect(
      (await chain.readContract({ ...nodeReward, functionName: "getUserInfo", args: [member] })).isForceA,
    ).toBe(true);

    // LpDividend: the smallest payment, capped at 1,000 tokens
    const lpDividend = { address: contracts.LpDividend!, abi: lpDividendAbi } as const;
    const minBefore = (await chain.readContract({ ...lpDividend, functionName: "getConfig" })).rewardMin;
    await openTab(page, "LpDividend");
    const rewardMin = page.getByRole("region", { name: "Smallest payment" });
    await rewardMin.getByLabel(/^rewardMin/).fill("1000.1");
    await rewardMin.getByRole("button", { name: "Review changes" }).click();
    await expect(rewardMin.getByRole("alert")).toHaveText("At most 1000");
    const newMin = minBefore * 2n + 10n ** 16n;
    await rewardMin.getByLabel(/^rewardMin/).fill(formatUnits(newMin, 18));
    await reviewAndConfirm(
      page,
      rewardMin,
      `rewardMin: ${formatUnits(minBefore, 18)} → ${formatUnits(newMin, 18)}`,
    );
    await expect
      .poll(async () => (await chain.readContract({ ...lpDividend, functionName: "getConfig" })).rewardMin)
      .toBe(newMin);

    // LpDividend: a sendReward round pays a staker what it is owed. The deployer holds the seeded LP and stakes
    // some of it (only staked LP earns), then reward tokens arrive.
    const deployer = devWallet(DEV_ROLES.deployer);
    const holder = deployer.account.address;
    const [rewardToken, lpToken] = await chain.readContract({ ...lpDividend, functionName: "getTokens" });
    const staked = parseEther("1000");
    await direct(
      chain,
      deployer.writeContract({
        address: lpToken,
        abi: usdtAbi,
        functionName: "approve",
        args: [lpDividend.address, staked],
      }),
    );
    await direct(chain, deployer.writeContract({ ...lpDividend, functionName: "stake", args: [staked] }));
    await direct(
      chain,
      deployer.writeContract({
        address: rewardToken,
        abi: usdtAbi,
        functionName: "transfer",
        args: [lpDividend.address, parseEther("5000")],
      }),
    );
    const owedToHolder = await chain.readContract({
      ...lpDividend,
      functionName: "pendingReward",
      args: [holder],
    });
    expect(owedToHolder).toBeGreaterThan(newMin);
    const heldBefore = await chain.readContract({
      address: rewardToken,
      abi: usdtAbi,
      functionName: "balanceOf",
      args: [holder],
    });
    const round = page.getByRole("region", { name: "Pay LP holders now" });
    await round.getByLabel("Gas budget of the round").fill("10");
    await expect(round.getByRole("alert")).toHaveText("Between 50000 and 10000000");
    await expect(round.getByRole("button", { name: "Run sendReward" })).toBeDisabled();
    await round.getByLabel("Gas budget of the round").fill("300000");
    await round.getByRole("button", { name: "Run sendReward" }).click();
    await expect(page.getByText("Success").last()).toBeVisible();
    await expect
      .poll(() =>
        chain.readContract({ address: rewardToken, abi: usdtAbi, functionName: "balanceOf", args: [holder] }),
      )
      .toBe(heldBefore + owedToHolder);
    expect(await chain.readContract({ ...lpDividend, functionName: "pendingReward", args: [holder] })).toBe(
      0n,
    );
    expect((await chain.readContract({ ...lpDividend, functionName: "getConfig" })).totalStaked).toBe(staked);
    await expect(round.getByTestId("lp-total-staked")).toHaveText("LP staked in total: 1,000");

    // LpSwap: the daily release rates
    await openTab(page, "LpSwap");
    const rates = page.getByRole("region", { name: "Daily release rates" });
    const newLp = lpBefore.lpRate === 200n ? 300n : 200n;
    await rates.getByLabel(/^lpRate/).fill(pct(newLp));
    await reviewAndConfirm(page, rates, `lpRate: ${pct(lpBefore.lpRate)}% → ${pct(newLp)}%`);
    await expect
      .poll(async () => (await chain.readContract({ ...lpSwap, functionName: "getConfig" })).lpRate)
      .toBe(newLp);

    // the timelock's queue is readable; Execute and Cancel are for its executors and cancellers
    await openTab(page, "Timelock");
    await expect(page.getByText("neither an executor nor a canceller of the timelock")).toBeVisible();
    await expect(page.getByRole("button", { name: "Execute" })).toHaveCount(0);

    // the audit log: newest first, who, old -> new (read at the block before), per contract
    const idoEntry = await auditShows(
      page,
      "Ido",
      "ConfigUpdated",
      new RegExp(`directRate: ${pct(idoBefore.directRate)}% → ${pct(newDirect)}%`),
    );
    await expect(idoEntry).toContainText(`By ${wallet.account.address.slice(0, 10)}`);
    await auditShows(page, "Staking", "TeamLevelSet", /isManual: false → true/);
    await auditShows(page, "Ido", "PriorityGranted", new RegExp(secondMember));
    await auditShows(page, "Staking", "ConfigMultiUpdated", /stakeStocks #1/);
    await auditShows(
      page,
      "LpSwap",
      "RatesUpdated",
      new RegExp(`lpRate: ${pct(lpBefore.lpRate)}% → ${pct(newLp)}%`),
    );
    await auditShows(
      page,
      "LpDividend",
      "RewardMinUpdated",
      new RegExp(`rewardMin: ${formatUnits(minBefore, 18)} → `),
    );
    await auditShows(page, "NodeReward", "UserForceUpdated", /isForceA: false → true/);
    const log = page.getByRole("region", { name: "Audit log" });
    await expect(log.getByRole("listitem").filter({ hasText: "Ido." })).toHaveCount(0); // filtered to NodeReward
  });

  test("withdraws what the Ido does not owe to an address, keeping what it owes", async ({
    page,
    chain,
    contracts,
  }) => {
    const ido = { address: contracts.Ido!, abi: idoAbi } as const;
    const swapToken = { address: contracts.SwapToken!, abi: swapTokenAbi } as const;
    // a purchase: the Ido now owes the buyer its allotted tokens
    const buyer = devWallet(DEV_ROLES.members[1]);
    const { idoAmount } = await chain.readContract({ ...ido, functionName: "getConfig" });
    await direct(
      chain,
      buyer.writeContract({
        address: contracts.Usdt!,
        abi: usdtAbi,
        functionName: "approve",
        args: [contracts.Ido!, idoAmount],
      }),
    );
    await direct(chain, buyer.writeContract({ ...ido, functionName: "ido" }));
    const [, owedTokens] = await chain.readContract({ ...ido, functionName: "owed" });
    expect(owedTokens).toBeGreaterThan(0n);
    const free = await chain.readContract({
      ...ido,
      functionName: "withdrawable",
      args: [contracts.SwapToken!],
    });
    expect(free).toBeGreaterThan(0n);
    const recipient = devAccount(DEV_ROLES.newcomers[0]).address;
    const balanceOf = (account: Address) =>
      chain.readContract({ ...swapToken, functionName: "balanceOf", args: [account] });
    const recipientBefore = await balanceOf(recipient);

    await openManager(page, "/manager?tab=Ido");
    const withdraw = page.getByRole("region", { name: "Withdraw tokens" });
    await withdraw.getByLabel("Token", { exact: true }).selectOption({ label: "SwapToken" });
    const tokensShown = async (id: string) =>
      Number((await withdraw.getByTestId(id).textContent())!.replace(/,/g, ""));
    await expect.poll(() => tokensShown("Ido-owed")).toBeCloseTo(Number(formatUnits(owedTokens, 18)), 3);
    expect(await tokensShown("Ido-available")).toBeCloseTo(Number(formatUnits(free, 18)), 3);
    await withdraw.getByLabel(/^to/).fill(recipient);
    await withdraw.getByLabel(/^amount/).fill(formatUnits(free, 18));
    await withdraw.getByRole("button", { name: "Withdraw" }).click();
    const dialog = page.getByRole("alertdialog", { name: "Withdraw tokens" });
    await expect(dialog).toContainText("SwapToken to the address below");
    await expect(dialog.getByTestId("confirm-targets")).toContainText(
      `to (the address in the call)${recipient}`,
    );
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Success").last()).toBeVisible();

    await expect.poll(() => balanceOf(recipient)).toBe(recipientBefore + free);
    // what is owed stays: the Ido holds exactly the buyer's allotment and nothing more can be withdrawn
    expect(await balanceOf(contracts.Ido!)).toBe(owedTokens);
    expect((await chain.readContract({ ...ido, functionName: "owed" }))[1]).toBe(owedTokens);
    expect(
      await chain.readContract({ ...ido, functionName: "withdrawable", args: [contracts.SwapToken!] }),
    ).toBe(0n);
    await expect(withdraw.getByTestId("Ido-available")).toHaveText("0");
    await auditShows(page, "Ido", "Withdrawn", new RegExp(recipient));
  });
});

test.describe("the owner (dev account 0)", () => {
  test.use({ walletAccount: DEV_ROLES.deployer });

  test("schedules the Presale manager, Staking and NodeReward settings and the token configs, then executes them", async ({
    page,
    chain,
    contracts,
  }) => {
    test.setTimeout(180_000);
    const presale = { address: contracts.Presale!, abi: presaleAbi } as const;
    const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
    const nodeReward = { address: contracts.NodeReward!, abi: nodeRewardAbi } as const;
    const swapToken = { address: contracts.SwapToken!, abi: swapTokenAbi } as const;
    const burnToken = { address: contracts.BurnToken!, abi: burnTokenAbi } as const;
    const miningToken = { address: contracts.MiningToken!, abi: miningTokenAbi } as const;
    const manager = devAccount(DEV_ROLES.manager).address;
    const stakingBefore = await chain.readContract({ ...staking, functionName: "getConfig" });
    const ratesBefore = (await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates;
    const [buyBefore] = await chain.readContract({ ...swapToken, functionName: "getFees" });
    const burnBefore = await chain.readContract({ ...burnToken, functionName: "getConfig" });
    const miningBefore = await chain.readContract({ ...miningToken, functionName: "getConfig" });

    await openManager(page, "/manager?tab=Presale");
    const managerForm = page.getByRole("region", { name: "Manager (Presale)" });
    await expect(managerForm.getByText("Through the timelock", { exact: true })).toBeVisible();
    const field = managerForm.getByLabel(/^manager/);
    await expect(field).toHaveValue(manager);
    // a mixed-case address with a wrong checksum is refused
    await field.fill(secondMember.replace(/[a-f]/, (ch) => ch.toUpperCase()));
    await managerForm.getByRole("button", { name: "Review changes" }).click();
    await expect(managerForm.getByRole("alert")).toContainText("checksum");
    await field.fill(secondMember.toLowerCase());
    await reviewAndConfirm(page, managerForm, `manager: ${manager} → ${secondMember}`, { scheduled: true });
    // the proxy's current implementation, from its ERC-1967 slot
    await expect(page.getByTestId("Presale-implementation")).toHaveText(
      await implementationOf(chain, contracts.Presale!),
    );

    // Staking's release fee and NodeReward's class rates (which must add up to 100%, checked first)
    await openTab(page, "Staking");
    const stakingForm = page.getByRole("region", { name: "Staking configuration" });
    const newFee = stakingBefore.feeRate + 100n;
    await stakingForm.getByLabel(/^feeRate/).fill(pct(newFee));
    await reviewAndConfirm(page, stakingForm, `feeRate: ${pct(stakingBefore.feeRate)}% → ${pct(newFee)}%`, {
      scheduled: true,
      path: ["Waits for the timelock:", "feeRate changes"],
    });
    await openTab(page, "NodeReward");
    const classRates = page.getByRole("region", { name: "Class rates (A, B, C)" });
    await classRates.getByLabel("rates #1", { exact: true }).fill(pct(ratesBefore[0] - 1000n));
    await classRates.getByRole("button", { name: "Review changes" }).click();
    await expect(classRates.getByRole("alert")).toHaveText("The three rates must add up to exactly 100%");
    await classRates.getByLabel("rates #2", { exact: true }).fill(pct(ratesBefore[1] + 1000n));
    await reviewAndConfirm(
      page,
      classRates,
      `rates #1: ${pct(ratesBefore[0])}% → ${pct(ratesBefore[0] - 1000n)}%`,
      { scheduled: true },
    );

    // /managerTRC: fees, fee exemption, burn and mining settings, each on its token
    await page.goto("/managerTRC?tab=SwapToken");
    await expect(page.getByRole("heading", { name: "Contract configuration 2" })).toBeVisible();
    const fees = page.getByRole("region", { name: /Buy and sell fees/ });
    const newBurn = buyBefore.burn === 100 ? 200 : 100;
    await fees.getByLabel(/^buy_burn/).fill(pct(BigInt(newBurn)));
    await reviewAndConfirm(
      page,
      fees,
      `buy_burn: ${pct(BigInt(buyBefore.burn))}% → ${pct(BigInt(newBurn))}%`,
      { scheduled: true },
    );
    const exempt = page.getByRole("region", { name: /Fee exemption/ });
    await exempt.getByLabel(/^account/).fill(member);
    await exempt.getByRole("button", { name: "Look up" }).click();
    await expect(exempt.getByLabel(/^exempt/)).toHaveValue("false");
    await exempt.getByLabel(/^exempt/).selectOption("true");
    await reviewAndConfirm(page, exempt, "exempt: false → true", { scheduled: true });

    await openTab(page, "BurnToken");
    const burn = page.getByRole("region", { name: /Burn settings/ });
    const gas = burnBefore.dividendGas === 300_000n ? 400_000n : 300_000n;
    await burn.getByLabel(/^dividendGas/).fill(gas.toString());
    await reviewAndConfirm(page, burn, `dividendGas: ${burnBefore.dividendGas} → ${gas}`, {
      scheduled: true,
    });

    await openTab(page, "MiningToken");
    const mining = page.getByRole("region", { name: /Mining settings/ });
    await mining.getByLabel(/^autoSwap/).selectOption(String(!miningBefore.autoSwap));
    await reviewAndConfirm(page, mining, `autoSwap: ${miningBefore.autoSwap} → ${!miningBefore.autoSwap}`, {
      scheduled: true,
    });

    // ownership: the typed confirmation gates the two-step transfer
    const ownership = page.getByRole("region", { name: "Ownership" });
    await ownership.getByLabel(/^newOwner/).fill(secondMember);
    await ownership.getByRole("button", { name: "Transfer ownership" }).click();
    const typed = page.getByRole("alertdialog", { name: "Transfer ownership" });
    await expect(typed.getByTestId("schedule-note")).toContainText("It can run from");
    // the new owner, the token and the timelock it is scheduled on, each in full
    const targets = typed.getByTestId("confirm-targets");
    await expect(targets).toContainText(`newOwner (the address in the call)${secondMember}`);
    await expect(targets).toContainText(`Contract MiningToken${getAddress(contracts.MiningToken!)}`);
    await expect(targets).toContainText(`Scheduled on the Timelock${getAddress(contracts.Timelock!)}`);
    await expect(typed.getByRole("button", { name: "Confirm" })).toBeDisabled();
    await typed.getByLabel("Type MiningToken to confirm").fill("MiningToken");
    await typed.getByRole("button", { name: "Confirm" }).click();
    const transfer = encodeFunctionData({
      abi: miningTokenAbi,
      functionName: "transferOwnership",
      args: [secondMember],
    });
    await expectScheduled(chain, contracts.Timelock!, miningToken.address, transfer);

    // nothing has changed before the delay
    expect((await chain.readContract({ ...presale, functionName: "getConfig" })).manager).toBe(manager);
    expect((await chain.readContract({ ...swapToken, functionName: "getFees" }))[0].burn).toBe(
      buyBefore.burn,
    );
    expect(await chain.readContract({ ...miningToken, functionName: "pendingOwner" })).toBe(zeroAddress);

    await executeQueued(page, chain, contracts.Timelock!);
    expect((await chain.readContract({ ...presale, functionName: "getConfig" })).manager).toBe(secondMember);
    expect((await chain.readContract({ ...staking, functionName: "getConfig" })).feeRate).toBe(newFee);
    expect((await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates).toEqual([
      ratesBefore[0] - 1000n,
      ratesBefore[1] + 1000n,
      ratesBefore[2],
    ]);
    const [buyAfter] = await chain.readContract({ ...swapToken, functionName: "getFees" });
    expect(buyAfter).toEqual({ ...buyBefore, burn: newBurn });
    expect(await chain.readContract({ ...swapToken, functionName: "isFeeExempt", args: [member] })).toBe(
      true,
    );
    expect((await chain.readContract({ ...burnToken, functionName: "getConfig" })).dividendGas).toBe(gas);
    expect((await chain.readContract({ ...miningToken, functionName: "getConfig" })).autoSwap).toBe(
      !miningBefore.autoSwap,
    );
    expect(await chain.readContract({ ...miningToken, functionName: "pendingOwner" })).toBe(secondMember);
    expect(await chain.readContract({ ...miningToken, functionName: "owner" })).toBe(contracts.Timelock);

    // the audit log: each change by the executor, and the timelock's operations decoded
    await page.goto("/manager?tab=Presale");
    await auditShows(page, "Presale", "ManagerUpdated", new RegExp(`manager: ${manager} → ${secondMember}`));
    await auditShows(
      page,
      "Timelock",
      "CallExecuted",
      new RegExp(`manager: ${manager} → ${secondMember}`),
      "Presale.setManager",
    );
    await page.goto("/managerTRC?tab=SwapToken");
    await auditShows(page, "MiningToken", "OwnershipTransferStarted", new RegExp(secondMember));
    await auditShows(
      page,
      "SwapToken",
      "FeesUpdated",
      new RegExp(`buy_burn: ${pct(BigInt(buyBefore.burn))}% → ${pct(BigInt(newBurn))}%`),
    );
    await auditShows(page, "SwapToken", "FeeExemptUpdated", /exempt: false → true/);
    await auditShows(
      page,
      "BurnToken",
      "BurnSettingsUpdated",
      new RegExp(`dividendGas: ${burnBefore.dividendGas} → ${gas}`),
    );
    await auditShows(page, "MiningToken", "MiningSettingsUpdated", /autoSwap/);
    await auditShows(
      page,
      "Timelock",
      "CallScheduled",
      new RegExp(`buy_burn: ${pct(BigInt(buyBefore.burn))}% → ${pct(BigInt(newBurn))}%`),
      "SwapToken.setFees",
    );
  });

  test("HoldDividend: its state read from chain, a blacklist add through the timelock and the lookup -> chain -> audit log", async ({
    page,
    chain,
    contracts,
  }) => {
    test.setTimeout(90_000);
    const holdDividend = { address: contracts.HoldDividend!, abi: holdDividendAbi } as const;
    // the deployer holds the SwapToken treasury: its share is credited over two blocks (see docs/dividends.md)
    const deployer = devWallet(DEV_ROLES.deployer);
    for (let i = 0; i < 2; i++) {
      await direct(
        chain,
        deployer.writeContract({ ...holdDividend, functionName: "updateUser", args: [deployerAddress] }),
      );
    }
    const before = await chain.readContract({ ...holdDividend, functionName: "getConfig" });
    const share = (
      await chain.readContract({ ...holdDividend, functionName: "users", args: [deployerAddress] })
    ).amount;
    expect(share).toBeGreaterThan(0n);

    await openManager(page, "/manager?tab=HoldDividend");
    const token = page.getByRole("region", { name: "Token held and paid" });
    await expect(token.getByTestId("HoldDividend-holdDividendToken-token")).toHaveText(contracts.SwapToken!);
    const state = page.getByRole("region", { name: "Distribution state" });
    const shown = (field: string) => state.getByTestId(`HoldDividend-holdDividendState-${field}`);
    await expect(shown("totalUser")).toHaveText(before.totalUser.toString());
    await expect(shown("totalForce")).toHaveText(formatUnits(before.totalForce, 18));
    // full addresses and 18-decimal totals wrap on a 375 px phone
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const blacklist = page.getByRole("region", { name: "Blacklist (no new dividends)" });
    await blacklist.getByLabel(/^account/).fill(deployerAddress.toLowerCase());
    await blacklist.getByRole("button", { name: "Look up" }).click();
    await expect(blacklist.getByLabel(/^blackListed/)).toHaveValue("false");
    await blacklist.getByLabel(/^blackListed/).selectOption("true");
    // freezing a holder is an owner call: scheduled, and nothing changes before the delay
    await reviewAndConfirm(page, blacklist, "blackListed: false → true", { scheduled: true });
    await expectScheduled(
      chain,
      contracts.Timelock!,
      holdDividend.address,
      encodeFunctionData({
        abi: holdDividendAbi,
        functionName: "setBlackList",
        args: [deployerAddress, true],
      }),
    );
    expect(
      await chain.readContract({ ...holdDividend, functionName: "isBlacklisted", args: [deployerAddress] }),
    ).toBe(false);
    await executeQueued(page, chain, contracts.Timelock!);
    expect(
      await chain.readContract({ ...holdDividend, functionName: "isBlacklisted", args: [deployerAddress] }),
    ).toBe(true);
    await page.goto("/manager?tab=HoldDividend");
    // blacklisting settles the holder: its share leaves the total, which the state card shows after the send
    const after = await chain.readContract({ ...holdDividend, functionName: "getConfig" });
    expect(after.totalForce).toBe(before.totalForce - share);
    expect(
      (await chain.readContract({ ...holdDividend, functionName: "users", args: [deployerAddress] })).amount,
    ).toBe(0n);
    await expect(shown("totalForce")).toHaveText(formatUnits(after.totalForce, 18));

    // the lookup of one address: another one is not listed, the deployer now is
    await blacklist.getByLabel(/^account/).fill(member);
    await blacklist.getByRole("button", { name: "Look up" }).click();
    await expect(blacklist.getByLabel(/^blackListed/)).toHaveValue("false");
    await blacklist.getByLabel(/^account/).fill(deployerAddress);
    await blacklist.getByRole("button", { name: "Look up" }).click();
    await expect(blacklist.getByLabel(/^blackListed/)).toHaveValue("true");

    const entry = await auditShows(page, "HoldDividend", "BlackListUpdated", /blackListed: false → true/);
    await expect(entry).toContainText(`By ${deployerAddress.slice(0, 10)}`); // the executor
  });

  // governance.e2e.test.ts schedules an upgrade, executes it after the delay and checks that state is kept
  test("refuses an upgrade to an address without code before anything is scheduled", async ({
    page,
    wallet,
  }) => {
    await openManager(page, "/manager?tab=HoldDividend");
    const upgrade = page.getByRole("region", { name: "Proxy upgrade" });
    await expect(upgrade.getByText("Through the timelock", { exact: true })).toBeVisible();
    const sent = sends(wallet.calls);
    await upgrade.getByLabel(/^newImplementation/).fill(member);
    await upgrade.getByRole("button", { name: "Upgrade" }).click();
    await expect(upgrade.getByRole("alert")).toHaveText("There is no contract at that address");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    expect(sends(wallet.calls)).toBe(sent);
  });

  // The renounce cannot be undone on chain: the chain fixture reverts this test's transactions afterwards, so
  // the other tests (and files) on this stack still find the timelock owning HoldDividend.
  test("renounces ownership of HoldDividend through the timelock after the typed confirmation", async ({
    page,
    chain,
    contracts,
  }) => {
    const holdDividend = { address: contracts.HoldDividend!, abi: holdDividendAbi } as const;
    expect(await chain.readContract({ ...holdDividend, functionName: "owner" })).toBe(contracts.Timelock);

    await openManager(page, "/manager?tab=HoldDividend");
    const ownership = page.getByRole("region", { name: "Ownership" });
    await ownership.getByRole("button", { name: "Renounce ownership" }).click();
    const typed = page.getByRole("alertdialog", { name: "Renounce ownership" });
    await expect(typed).toContainText("HoldDividend will have no owner");
    await typed.getByLabel("Type HoldDividend to confirm").fill("holddividend");
    await expect(typed.getByRole("button", { name: "Confirm" })).toBeDisabled();
    await typed.getByLabel("Type HoldDividend to confirm").fill("HoldDividend");
    await expect(typed.getByTestId("schedule-note")).toContainText("It can run from");
    await typed.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Success").last()).toBeVisible();
    await expectScheduled(
      chain,
      contracts.Timelock!,
      holdDividend.address,
      encodeFunctionData({ abi: holdDividendAbi, functionName: "renounceOwnership" }),
    );
    expect(await chain.readContract({ ...holdDividend, functionName: "owner" })).toBe(contracts.Timelock);

    await executeQueued(page, chain, contracts.Timelock!);
    expect(await chain.readContract({ ...holdDividend, functionName: "owner" })).toBe(zeroAddress);
    await page.goto("/manager?tab=HoldDividend");
    await expect(ownership.getByRole("definition").first()).toHaveText(zeroAddress);
    await auditShows(page, "HoldDividend", "OwnershipTransferred", new RegExp(`newOwner: ${zeroAddress}`));
  });
});

test.describe("a member (dev account 2)", () => {
  test.use({ walletAccount: DEV_ROLES.members[0] });

  test("is sent away from /manager", async ({ page }) => {
    await page.goto("/");
    await connectWallet(page);
    await expect(page.getByText("Registered", { exact: true })).toBeVisible();
    await page.goto("/manager?tab=Ido");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("region", { name: "Presale configuration" })).toHaveCount(0);
  });
});

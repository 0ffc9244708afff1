import { holdDividendAbi, presaleAbi, swapTokenAbi, timelockAbi } from "@taichi/contracts";
import { loadArtifact } from "@taichi/contracts/scripts/artifacts.ts";
import { encodeFunctionData, getAddress } from "viem";
import { DEV_ROLES, devAccount, expect, test, REHEARSAL } from "../fixtures/test.ts";
import { devWallet, sends } from "../fixtures/accounts.ts";
import { executeOperation, expectScheduled, passTimelockDelay } from "../fixtures/governance.ts";
import { implementationOf, openManager, pct, reviewAndConfirm } from "../fixtures/manager.ts";
import { utc } from "../fixtures/time.ts";

/** The timelock's delay as the page writes it in English: the local stack's 120 s, the rehearsal's 48 h. */
const DELAY_TEXT: Record<string, string> = { "120": "2 min", "172800": "2 d" };

test.describe("owner changes through the timelock", () => {
  test.use({ walletAccount: DEV_ROLES.deployer });

  test(
    "a fee change and an upgrade are scheduled, shown on /governance with their ETA, then executed",
    REHEARSAL,
    async ({ page, browser, chain, contracts, wallet }) => {
      test.setTimeout(180_000);
      const timelock = contracts.Timelock!;
      const swapToken = { address: contracts.SwapToken!, abi: swapTokenAbi } as const;
      const holdDividend = { address: contracts.HoldDividend!, abi: holdDividendAbi } as const;
      const delay = await chain.readContract({
        address: timelock,
        abi: timelockAbi,
        functionName: "getMinDelay",
      });
      const [buyBefore, sellBefore] = await chain.readContract({ ...swapToken, functionName: "getFees" });
      const newBurn = buyBefore.burn === 100 ? 200 : 100;
      const { abi, bytecode } = loadArtifact("HoldDividend");
      const receipt = await chain.waitForTransactionReceipt({
        hash: await devWallet(DEV_ROLES.deployer).deployContract({ abi, bytecode }),
      });
      const fresh = getAddress(receipt.contractAddress!);
      const previous = await implementationOf(chain, holdDividend.address);
      const configBefore = await chain.readContract({ ...holdDividend, functionName: "getConfig" });

      // the fee change: the form sends `schedule`, the token keeps its fees
      await openManager(page, "/managerTRC?tab=SwapToken");
      const fees = page.getByRole("region", { name: /Buy and sell fees/ });
      await expect(fees.getByText("Through the timelock", { exact: true })).toBeVisible();
      await fees.getByLabel(/^buy_burn/).fill(pct(newBurn));
      const feeChange = `buy_burn: ${pct(buyBefore.burn)}% → ${pct(newBurn)}%`;
      await reviewAndConfirm(page, fees, feeChange, { scheduled: true });
      const feeOp = await expectScheduled(
        chain,
        timelock,
        swapToken.address,
        encodeFunctionData({
          abi: swapTokenAbi,
          functionName: "setFees",
          args: [{ ...buyBefore, burn: newBurn }, sellBefore],
        }),
      );
      expect((await chain.readContract({ ...swapToken, functionName: "getFees" }))[0].burn).toBe(
        buyBefore.burn,
      );

      // the same change again is refused before anything is sent
      const sent = sends(wallet.calls);
      await fees.getByLabel(/^buy_burn/).fill(pct(newBurn));
      await fees.getByRole("button", { name: "Review changes" }).click();
      await expect(fees.getByRole("alert")).toContainText(
        "The same change is already queued and can run from",
      );
      await expect(page.getByRole("alertdialog")).toHaveCount(0);
      expect(sends(wallet.calls)).toBe(sent);

      // the upgrade
      await page.goto("/manager?tab=HoldDividend");
      const upgrade = page.getByRole("region", { name: "Proxy upgrade" });
      await upgrade.getByLabel(/^newImplementation/).fill(fresh);
      await upgrade.getByRole("button", { name: "Upgrade" }).click();
      const typed = page.getByRole("alertdialog", { name: "Proxy upgrade" });
      await expect(typed).toContainText(`${previous} → ${fresh}`);
      await expect(typed.getByTestId("schedule-note")).toContainText("It can run from");
      await typed.getByLabel("Type HoldDividend to confirm").fill("HoldDividend");
      await typed.getByRole("button", { name: "Confirm" }).click();
      const upgradeCall = encodeFunctionData({
        abi: holdDividendAbi,
        functionName: "upgradeToAndCall",
        args: [fresh, "0x"],
      });
      const upgradeOp = await expectScheduled(chain, timelock, holdDividend.address, upgradeCall);
      expect(await implementationOf(chain, holdDividend.address)).toBe(previous);

      // a visitor without a wallet sees both on /governance, decoded, with when they can run
      const visitor = await browser.newContext({ viewport: { width: 375, height: 812 } });
      const public_ = await visitor.newPage();
      await public_.addInitScript(() => window.localStorage.setItem("lang", "en"));
      await public_.goto("/governance");
      await expect(public_.getByRole("heading", { name: "Governance and timelock" })).toBeVisible();
      await expect(public_.getByTestId("timelock-delay")).toHaveText(DELAY_TEXT[String(delay)]!);
      await expect(public_.getByTestId("owner-SwapToken")).toHaveText("the Timelock");
      await expect(public_.getByTestId("implementation-HoldDividend")).toHaveText(previous);
      const queue = public_.getByRole("list", { name: "Queued operations" });
      const feeItem = queue.getByRole("listitem").filter({ hasText: "SwapToken.setFees" });
      await expect(feeItem).toContainText(feeChange);
      await expect(feeItem).toContainText("Waiting");
      await expect(feeItem.getByTestId("ready-at")).toContainText(utc(feeOp.eta));
      await expect(feeItem.getByRole("timer")).toBeVisible();
      const upgradeItem = queue.getByRole("listitem").filter({ hasText: "HoldDividend.upgradeToAndCall" });
      await expect(upgradeItem).toContainText(`implementation: ${previous} → ${fresh}`);
      await expect(upgradeItem.getByTestId("ready-at")).toContainText(utc(upgradeOp.eta));
      expect(await public_.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

      // executing too early says when it can run, and sends nothing
      await page.goto("/manager?tab=timelock");
      const managerQueue = page.getByRole("list", { name: "Queued operations" });
      const feeRow = managerQueue.getByRole("listitem").filter({ hasText: "SwapToken.setFees" });
      const beforeEarly = sends(wallet.calls);
      await feeRow.getByRole("button", { name: "Execute" }).click();
      await expect(feeRow.getByRole("alert")).toContainText(`Not ready yet: this operation can run from`);
      await expect(feeRow.getByRole("alert")).toContainText(utc(feeOp.eta));
      expect(sends(wallet.calls)).toBe(beforeEarly);

      // after the delay the manager executes both, and the chain has the new values
      await passTimelockDelay(chain, timelock);
      await page.reload();
      await expect(feeRow).toContainText("Ready");
      await feeRow.getByRole("button", { name: "Execute" }).click();
      // the confirm names the call, its change and, in full, the timelock and the contract it calls
      const confirm = page.getByRole("alertdialog", { name: "Execute this operation?" });
      await expect(confirm).toContainText("SwapToken.setFees");
      await expect(confirm).toContainText(feeChange);
      await expect(confirm.getByTestId("confirm-targets")).toContainText(timelock);
      await expect(confirm.getByTestId("confirm-targets")).toContainText(swapToken.address);
      await confirm.getByRole("button", { name: "Execute" }).click();
      await expect(page.getByText("Success").last()).toBeVisible();
      await expect
        .poll(async () => (await chain.readContract({ ...swapToken, functionName: "getFees" }))[0].burn)
        .toBe(newBurn);
      const [buyAfter, sellAfter] = await chain.readContract({ ...swapToken, functionName: "getFees" });
      expect({ ...buyAfter, burn: buyBefore.burn }).toEqual(buyBefore);
      expect(sellAfter).toEqual(sellBefore);

      const upgradeRow = managerQueue
        .getByRole("listitem")
        .filter({ hasText: "HoldDividend.upgradeToAndCall" });
      await executeOperation(page, upgradeRow);
      await expect.poll(() => implementationOf(chain, holdDividend.address)).toBe(fresh);
      expect(await chain.readContract({ ...holdDividend, functionName: "getConfig" })).toEqual(configBefore);
      expect(await chain.readContract({ ...holdDividend, functionName: "owner" })).toBe(timelock);
      await expect(managerQueue).toHaveCount(0);

      // the public page now lists both as executed
      await public_.reload();
      const history = public_.getByRole("list", { name: "Recent executed and cancelled operations" });
      await expect(history.getByRole("listitem").filter({ hasText: "SwapToken.setFees" })).toContainText(
        "Executed",
      );
      await expect(
        history.getByRole("listitem").filter({ hasText: "HoldDividend.upgradeToAndCall" }),
      ).toContainText("Executed");
      await expect(public_.getByTestId("implementation-HoldDividend")).toHaveText(fresh);
      await visitor.close();
    },
  );

  test("a cancelled operation leaves the queue and can never run", async ({
    page,
    chain,
    contracts,
    wallet,
  }) => {
    const timelock = contracts.Timelock!;
    const presale = { address: contracts.Presale!, abi: presaleAbi } as const;
    const managerBefore = (await chain.readContract({ ...presale, functionName: "getConfig" })).manager;
    const newManager = devAccount(DEV_ROLES.members[1]).address;

    await openManager(page, "/manager?tab=Presale");
    const form = page.getByRole("region", { name: "Manager (Presale)" });
    await form.getByLabel(/^manager/).fill(newManager);
    await reviewAndConfirm(page, form, `manager: ${managerBefore} → ${newManager}`, { scheduled: true });
    const op = await expectScheduled(
      chain,
      timelock,
      presale.address,
      encodeFunctionData({ abi: presaleAbi, functionName: "setManager", args: [newManager] }),
    );
    const operation = (functionName: "isOperation" | "isOperationPending" | "isOperationReady") =>
      chain.readContract({ address: timelock, abi: timelockAbi, functionName, args: [op.id] });
    expect(await operation("isOperationPending")).toBe(true);

    await page.goto("/manager?tab=timelock");
    const queue = page.getByRole("list", { name: "Queued operations" });
    const row = queue.getByRole("listitem").filter({ hasText: "Presale.setManager" });
    await expect(row).toContainText(`manager: ${managerBefore} → ${newManager}`);
    // backing out of the confirm sends nothing
    const beforeBackOut = sends(wallet.calls);
    await row.getByRole("button", { name: "Cancel operation" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Cancel this operation?" });
    await expect(confirm).toContainText("Presale.setManager");
    await expect(confirm.getByTestId("confirm-targets")).toContainText(presale.address);
    await confirm.getByRole("button", { name: "Cancel", exact: true }).click();
    await expect(confirm).toHaveCount(0);
    expect(sends(wallet.calls)).toBe(beforeBackOut);
    expect(await operation("isOperationPending")).toBe(true);

    await row.getByRole("button", { name: "Cancel operation" }).click();
    await confirm.getByRole("button", { name: "Cancel operation" }).click();
    await expect(page.getByText("Success").last()).toBeVisible();
    await expect(queue).toHaveCount(0);
    const history = page.getByRole("list", { name: "Recent executed and cancelled operations" });
    await expect(history.getByRole("listitem").filter({ hasText: "Presale.setManager" })).toContainText(
      "Cancelled",
    );

    // on chain: no longer an operation, and after the delay it still cannot run
    expect(await operation("isOperation")).toBe(false);
    await passTimelockDelay(chain, timelock);
    expect(await operation("isOperationReady")).toBe(false);
    expect((await chain.readContract({ ...presale, functionName: "getConfig" })).manager).toBe(managerBefore);
  });
});

test("a visitor without a wallet reaches /governance from the footer and the menu, in Chinese by default (a browser language the app does not have)", async ({
  browser,
  contracts,
}) => {
  const visitor = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: "de-DE" });
  const page = await visitor.newPage();
  await page.goto("/");
  await page.getByRole("contentinfo").getByRole("link", { name: "治理与时间锁" }).click();
  await expect(page).toHaveURL(/\/governance$/);
  await expect(page.getByRole("heading", { name: "治理与时间锁" })).toBeVisible();
  await expect(page.getByTestId("timelock-delay")).toHaveText("2 分钟");
  await expect(page.getByTestId("owner-Staking")).toHaveText("时间锁");
  await expect(page.getByText(contracts.Timelock!)).toBeVisible();
  // the deploy's handover batch ran at once: it is listed as executed, decoded
  const history = page.getByRole("list", { name: "最近已执行和已取消的操作" });
  await expect(history.locator(":scope > li").first()).toContainText("已执行");
  await expect(history).toContainText("Timelock.updateDelay");

  await page.goto("/");
  await page.getByRole("button", { name: "菜单" }).click();
  await page.getByRole("navigation", { name: "菜单" }).getByRole("link", { name: "治理" }).click();
  await expect(page.getByRole("heading", { name: "治理与时间锁" })).toBeVisible();
  await visitor.close();
});

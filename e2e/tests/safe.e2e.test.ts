import { readFileSync } from "node:fs";
import type { Browser, Locator } from "@playwright/test";
import { join } from "node:path";
import { idoAbi, nodeRewardAbi, presaleAbi, timelockAbi } from "@taichi/contracts";
import {
  type Address,
  type Hex,
  type PublicClient,
  decodeFunctionData,
  encodeFunctionData,
  getAddress,
  toHex,
  zeroHash,
} from "viem";
import {
  multiSendCall,
  readDevSafe,
  safeAbi,
  safeNonce,
  safeTx,
  safeTxHash,
  sendThroughSafe,
} from "@taichi/scripts/safe";
import { DEV_ROLES, devAccount, expect, test, REHEARSAL } from "../fixtures/test.ts";
import { devWallet, openPageAs } from "../fixtures/accounts.ts";
import { expectScheduled, passTimelockDelay } from "../fixtures/governance.ts";
import { openManager, pct } from "../fixtures/manager.ts";
import { CHAIN_URL, E2E_CHAIN_ID, E2E_STATE_DIR } from "../fixtures/ports.ts";

const owners = DEV_ROLES.safeOwners.map((index) => devAccount(index));
const [first, second, third] = [owners[0]!, owners[1]!, owners[2]!];

/** Whether `owner` has approved the Safe transaction `hash` on chain (1n once it has). */
const approvedBy = (chain: PublicClient, safe: Address, owner: Address, hash: Hex) =>
  chain.readContract({ address: safe, abi: safeAbi, functionName: "approvedHashes", args: [owner, hash] });

/**
 * The second Safe owner, in another browser, finds the one pending proposal on the Safe tab, checks it with
 * `expectRow` and executes it; afterwards nothing is pending.
 */
async function executeOnSafeTab(browser: Browser, expectRow: (row: Locator) => Promise<void>) {
  const owner = await openPageAs(browser, DEV_ROLES.safeOwners[1]);
  try {
    await openManager(owner.page, "/manager?tab=safe");
    const row = owner.page.getByTestId("safe-proposal");
    await expect(row).toHaveCount(1);
    await expectRow(row);
    await row.getByRole("button", { name: "Execute" }).click();
    await owner.page
      .getByRole("alertdialog", { name: "Execute" })
      .getByRole("button", { name: "Execute" })
      .click();
    await expect(owner.page.getByText("Success").last()).toBeVisible();
    await expect(owner.page.getByText("No pending Safe transaction")).toBeVisible();
  } finally {
    await owner.context.close();
  }
}

test.describe("operators through their 2-of-3 Safe", () => {
  test(
    "the Safe schedules an owner change on the Timelock, executes it after the delay, then names two nodes in one MultiSend batch as the Presale manager",
    REHEARSAL,
    async ({ chain, contracts }) => {
      const { address: safe, contracts: safeContracts } = readDevSafe(
        join(E2E_STATE_DIR, "deployments"),
        E2E_CHAIN_ID,
      );
      const timelock = { address: contracts.Timelock!, abi: timelockAbi } as const;
      const nodeReward = { address: contracts.NodeReward!, abi: nodeRewardAbi } as const;
      const presale = { address: contracts.Presale!, abi: presaleAbi } as const;
      const through = (call: { to: Address; data: Hex; operation?: number }, signers: (typeof first)[]) =>
        sendThroughSafe({ rpcUrl: CHAIN_URL, safe, call, signers });

      // the Safe may propose, execute and cancel on the Timelock
      for (const role of ["PROPOSER_ROLE", "EXECUTOR_ROLE", "CANCELLER_ROLE"] as const) {
        const id = await chain.readContract({ ...timelock, functionName: role });
        expect(await chain.readContract({ ...timelock, functionName: "hasRole", args: [id, safe] })).toBe(
          true,
        );
      }

      // the owner change: new node rates, and the Safe as the Presale manager (which it is already on the
      // rehearsal chain, as on BSC; locally the manager area's journeys keep dev account 1 until this runs)
      const rates = [4000n, 3500n, 2500n] as const;
      const targets = [nodeReward.address, presale.address];
      const payloads = [
        encodeFunctionData({ ...nodeReward, functionName: "setRates", args: [rates] }),
        encodeFunctionData({ ...presale, functionName: "setManager", args: [safe] }),
      ];
      const values = [0n, 0n];
      const salt = toHex(crypto.getRandomValues(new Uint8Array(32)));
      const delay = await chain.readContract({ ...timelock, functionName: "getMinDelay" });
      const schedule = encodeFunctionData({
        ...timelock,
        functionName: "scheduleBatch",
        args: [targets, values, payloads, zeroHash, salt, delay],
      });
      const execute = encodeFunctionData({
        ...timelock,
        functionName: "executeBatch",
        args: [targets, values, payloads, zeroHash, salt],
      });
      const operation = await chain.readContract({
        ...timelock,
        functionName: "hashOperationBatch",
        args: [targets, values, payloads, zeroHash, salt],
      });
      const ratesBefore = (await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates;

      const nonce = await safeNonce(chain, safe);
      await through({ to: timelock.address, data: schedule }, [first, third]);
      expect(
        await chain.readContract({ ...timelock, functionName: "isOperationPending", args: [operation] }),
      ).toBe(true);
      expect(await safeNonce(chain, safe)).toBe(nonce + 1n);

      // two other owners sign its execution; before the delay the Timelock refuses it and the nonce stays
      await expect(through({ to: timelock.address, data: execute }, [second, third])).rejects.toThrow(
        /reverted/,
      );
      expect(await safeNonce(chain, safe)).toBe(nonce + 1n);
      expect((await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates).toEqual(
        ratesBefore,
      );

      await passTimelockDelay(chain, timelock.address);
      await through({ to: timelock.address, data: execute }, [second, third]);
      expect(
        await chain.readContract({ ...timelock, functionName: "isOperationDone", args: [operation] }),
      ).toBe(true);
      expect((await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates).toEqual(rates);
      expect((await chain.readContract({ ...presale, functionName: "getConfig" })).manager).toBe(safe);
      expect(await safeNonce(chain, safe)).toBe(nonce + 2n);

      // the manager's power is the Safe's, not any one owner's key
      const [nodeA, nodeB] = DEV_ROLES.members.map((index) => devAccount(index).address) as [
        Address,
        Address,
      ];
      await expect(
        devWallet(DEV_ROLES.manager).writeContract({
          ...nodeReward,
          functionName: "setUserForce",
          args: [nodeA, true, false, false],
        }),
      ).rejects.toThrow(/NotOwnerOrManager/);

      // the manager change: two nodes named in one batch, one Safe transaction
      const batch = multiSendCall(safeContracts.multiSendCallOnly, [
        {
          to: nodeReward.address,
          data: encodeFunctionData({
            ...nodeReward,
            functionName: "setUserForce",
            args: [nodeA, true, false, false],
          }),
        },
        {
          to: nodeReward.address,
          data: encodeFunctionData({
            ...nodeReward,
            functionName: "setUserForce",
            args: [nodeB, false, true, false],
          }),
        },
      ]);
      const receipt = await through(batch, [first, second]);
      const info = (account: Address) =>
        chain.readContract({ ...nodeReward, functionName: "getUserInfo", args: [account] });
      expect(await info(nodeA)).toMatchObject({ isForceA: true, isForceB: false });
      expect(await info(nodeB)).toMatchObject({ isForceA: false, isForceB: true });
      const named = await chain.getContractEvents({
        ...nodeReward,
        eventName: "UserForceUpdated",
        blockHash: receipt.blockHash,
      });
      expect(named.map((e) => e.args.account)).toEqual([nodeA, nodeB]);
      expect(named.every((e) => e.transactionHash === receipt.transactionHash)).toBe(true);
      expect(await safeNonce(chain, safe)).toBe(nonce + 3n);
    },
  );
});

test.describe("the manager area through the operators' Safe", () => {
  // dev account 11 owns the Safe and holds no role of its own: every change it makes is the Safe's
  test.use({ walletAccount: DEV_ROLES.safeOwners[2] });

  test("an owner proposes NodeReward's rates from /manager, a second owner executes the Safe transaction in another browser; after the delay the first owner executes it through the Safe from the Timelock tab and the second owner's execution of that Safe transaction runs it; the Transaction Builder export holds the same call", async ({
    page,
    browser,
    chain,
    contracts,
  }) => {
    test.setTimeout(180_000);
    const { address: safe } = readDevSafe(join(E2E_STATE_DIR, "deployments"), E2E_CHAIN_ID);
    const timelock = { address: contracts.Timelock!, abi: timelockAbi } as const;
    const nodeReward = { address: contracts.NodeReward!, abi: nodeRewardAbi } as const;
    const proposer = devAccount(DEV_ROLES.safeOwners[2]).address;
    const before = (await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates;
    const rates = [before[0] - 1000n, before[1] + 1000n, before[2]] as const;
    const setRates = encodeFunctionData({ ...nodeReward, functionName: "setRates", args: [rates] });
    const delay = await chain.readContract({ ...timelock, functionName: "getMinDelay" });
    const nonce = await safeNonce(chain, safe);

    await openManager(page, "/manager?tab=NodeReward");
    const form = page.getByRole("region", { name: "Class rates (A, B, C)" });
    await expect(form.getByText("Through the Safe", { exact: true })).toBeVisible();
    await form.getByLabel("rates #1", { exact: true }).fill(pct(rates[0]));
    await form.getByLabel("rates #2", { exact: true }).fill(pct(rates[1]));
    await form.getByRole("button", { name: "Review changes" }).click();
    const dialog = page.getByRole("alertdialog");
    // the same diff and earliest execution as a proposer's own schedule, plus the Safe transaction it becomes
    await expect(dialog).toContainText(`rates #1: ${pct(before[0])}% → ${pct(rates[0])}%`);
    await expect(dialog.getByTestId("schedule-note")).toContainText("It can run from");
    await expect(dialog.getByTestId("safe-note")).toContainText(`Safe transaction #${nonce}`);
    await expect(dialog.getByTestId("safe-note")).toContainText("2 of the 3 owners");
    await expect(dialog.getByTestId("confirm-targets")).toContainText(`Through the Safe${getAddress(safe)}`);

    // the Transaction Builder file: the timelock's schedule of exactly this change, for this Safe and chain
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Export for Safe Wallet" }).click();
    const file = JSON.parse(readFileSync((await (await download).path())!, "utf8")) as {
      chainId: string;
      meta: { createdFromSafeAddress: string };
      transactions: { to: Address; value: string; data: Hex }[];
    };
    expect(file.chainId).toBe(String(E2E_CHAIN_ID));
    expect(file.meta.createdFromSafeAddress).toBe(getAddress(safe));
    expect(file.transactions).toHaveLength(1);
    const [entry] = file.transactions;
    expect(entry).toMatchObject({ to: getAddress(timelock.address), value: "0" });
    const schedule = decodeFunctionData({ abi: timelockAbi, data: entry!.data });
    expect(schedule.functionName).toBe("schedule");
    const [target, value, data, predecessor, salt, scheduledDelay] = schedule.args as [
      Address,
      bigint,
      Hex,
      Hex,
      Hex,
      bigint,
    ];
    expect([target, value, data, predecessor, scheduledDelay]).toEqual([
      nodeReward.address,
      0n,
      setRates,
      zeroHash,
      delay,
    ]);

    // Confirm: this owner's approval of the Safe transaction, on chain; nothing is scheduled yet
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Success").last()).toBeVisible();
    const hash = safeTxHash(
      { chainId: E2E_CHAIN_ID, safe },
      safeTx({ to: timelock.address, data: entry!.data }, nonce),
    );
    expect(await approvedBy(chain, safe, proposer, hash)).toBe(1n);
    const id = await chain.readContract({
      ...timelock,
      functionName: "hashOperation",
      args: [nodeReward.address, 0n, setRates, zeroHash, salt],
    });
    expect(await chain.readContract({ ...timelock, functionName: "isOperation", args: [id] })).toBe(false);
    expect(await safeNonce(chain, safe)).toBe(nonce);

    // a second owner, in another browser, finds the proposal on the Safe tab and executes it with both approvals
    await executeOnSafeTab(browser, async (row) => {
      await expect(row).toContainText(`Nonce ${nonce}`);
      await expect(row).toContainText("Timelock.schedule");
      await expect(row).toContainText(`rates #1: ${pct(before[0])}% → ${pct(rates[0])}%`);
      await expect(row.getByTestId("safe-approvals")).toContainText("Approved by 1 of the 2");
      await expect(row).toContainText(proposer);
    });
    await expectScheduled(chain, timelock.address, nodeReward.address, setRates);
    expect(await safeNonce(chain, safe)).toBe(nonce + 1n);
    expect((await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates).toEqual(before);

    // after the delay the proposing owner, no executor itself, executes it from the Timelock tab: Execute becomes
    // a Safe transaction of the Timelock's `execute`, approved by this owner; nothing runs yet
    await passTimelockDelay(chain, timelock.address);
    await page.goto("/manager?tab=timelock");
    const operation = page.getByRole("list", { name: "Queued operations" }).locator(":scope > li");
    await expect(operation).toHaveCount(1);
    await expect(operation).toContainText("Ready");
    await expect(operation).toContainText("Through the Safe");
    await expect(page.getByText("neither an executor nor a canceller")).toHaveCount(0);
    await operation.getByRole("button", { name: "Execute" }).click();
    const executeDialog = page.getByRole("alertdialog", { name: "Execute this operation?" });
    await expect(executeDialog).toContainText(`rates #1: ${pct(before[0])}% → ${pct(rates[0])}%`);
    await expect(executeDialog.getByTestId("safe-note")).toContainText(`Safe transaction #${nonce + 1n}`);
    await expect(executeDialog.getByTestId("confirm-targets")).toContainText(
      `Through the Safe${getAddress(safe)}`,
    );
    await executeDialog.getByRole("button", { name: "Execute" }).click();
    await expect(page.getByText("Success").last()).toBeVisible();
    const execute = encodeFunctionData({
      ...timelock,
      functionName: "execute",
      args: [nodeReward.address, 0n, setRates, zeroHash, salt],
    });
    const executeHash = safeTxHash(
      { chainId: E2E_CHAIN_ID, safe },
      safeTx({ to: timelock.address, data: execute }, nonce + 1n),
    );
    expect(await approvedBy(chain, safe, proposer, executeHash)).toBe(1n);
    expect(await chain.readContract({ ...timelock, functionName: "isOperationDone", args: [id] })).toBe(
      false,
    );
    expect(await safeNonce(chain, safe)).toBe(nonce + 1n);

    // a second owner executes that Safe transaction from the Safe tab: the Timelock runs the change
    await executeOnSafeTab(browser, async (row) => {
      await expect(row).toContainText(`Nonce ${nonce + 1n}`);
      await expect(row).toContainText("Timelock.execute");
      await expect(row).toContainText("It runs this timelock operation");
      await expect(row).toContainText(`rates #1: ${pct(before[0])}% → ${pct(rates[0])}%`);
    });
    expect(await safeNonce(chain, safe)).toBe(nonce + 2n);
    expect(await chain.readContract({ ...timelock, functionName: "isOperationDone", args: [id] })).toBe(true);
    expect((await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates).toEqual(rates);
  });

  test("with two operations ready, an owner executes both from the Timelock tab in one Safe transaction (a MultiSend batch), shown on the Safe tab with its calls listed, which a second owner executes", async ({
    page,
    browser,
    chain,
    contracts,
  }) => {
    test.setTimeout(120_000);
    const { address: safe, contracts: safeContracts } = readDevSafe(
      join(E2E_STATE_DIR, "deployments"),
      E2E_CHAIN_ID,
    );
    const timelock = { address: contracts.Timelock!, abi: timelockAbi } as const;
    const nodeReward = { address: contracts.NodeReward!, abi: nodeRewardAbi } as const;
    const ido = { address: contracts.Ido!, abi: idoAbi } as const;
    const proposer = devAccount(DEV_ROLES.safeOwners[2]).address;
    const before = (await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates;
    const rates = [before[0] + 500n, before[1] - 500n, before[2]] as const;
    const fundBefore = await chain.readContract({ ...ido, functionName: "fund" });
    const fund = devAccount(DEV_ROLES.members[0]).address;
    expect(fund).not.toBe(fundBefore);

    // two owner changes scheduled by the deployer (a proposer), each its own timelock operation
    const changes = [
      {
        target: nodeReward.address,
        data: encodeFunctionData({ ...nodeReward, functionName: "setRates", args: [rates] }),
      },
      { target: ido.address, data: encodeFunctionData({ ...ido, functionName: "setFund", args: [fund] }) },
    ];
    const delay = await chain.readContract({ ...timelock, functionName: "getMinDelay" });
    const ids: Hex[] = [];
    for (const { target, data } of changes) {
      const salt = toHex(crypto.getRandomValues(new Uint8Array(32)));
      const hash = await devWallet(DEV_ROLES.deployer).writeContract({
        ...timelock,
        functionName: "schedule",
        args: [target, 0n, data, zeroHash, salt, delay],
      });
      expect((await chain.waitForTransactionReceipt({ hash })).status).toBe("success");
      ids.push(
        await chain.readContract({
          ...timelock,
          functionName: "hashOperation",
          args: [target, 0n, data, zeroHash, salt],
        }),
      );
    }
    await passTimelockDelay(chain, timelock.address);
    const nonce = await safeNonce(chain, safe);

    await openManager(page, "/manager?tab=timelock");
    const queued = page.getByRole("list", { name: "Queued operations" }).locator(":scope > li");
    await expect(queued).toHaveCount(2);
    await page
      .getByRole("button", { name: "Execute all 2 ready operations in one Safe transaction" })
      .click();
    const dialog = page.getByRole("alertdialog", { name: "Execute this operation?" });
    await expect(dialog).toContainText("The 2 operations below run in one Safe transaction, all or none");
    await expect(dialog).toContainText(`rates #1: ${pct(before[0])}% → ${pct(rates[0])}%`);
    await expect(dialog).toContainText(fund);
    await expect(dialog.getByTestId("safe-note")).toContainText(`Safe transaction #${nonce}`);

    // exported for Safe{Wallet}: the two executions, in the queue's order
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Export for Safe Wallet" }).click();
    const file = JSON.parse(readFileSync((await (await download).path())!, "utf8")) as {
      transactions: { to: Address; value: string; data: Hex }[];
    };
    const executed = file.transactions.map((entry) => {
      expect(entry).toMatchObject({ to: getAddress(timelock.address), value: "0" });
      const call = decodeFunctionData({ abi: timelockAbi, data: entry.data });
      expect(call.functionName).toBe("execute");
      return (call.args as readonly unknown[]).slice(0, 3);
    });
    expect(executed).toHaveLength(2);
    expect(executed).toEqual(expect.arrayContaining(changes.map(({ target, data }) => [target, 0n, data])));

    // Confirm: this owner approves one Safe transaction, a DELEGATECALL of multiSend into MultiSendCallOnly
    await dialog.getByRole("button", { name: "Execute" }).click();
    await expect(page.getByText("Success").last()).toBeVisible();
    const batch = multiSendCall(
      safeContracts.multiSendCallOnly,
      file.transactions.map((entry) => ({ to: entry.to, data: entry.data })),
    );
    const hash = safeTxHash({ chainId: E2E_CHAIN_ID, safe }, safeTx(batch, nonce));
    expect(await approvedBy(chain, safe, proposer, hash)).toBe(1n);
    for (const id of ids) {
      expect(await chain.readContract({ ...timelock, functionName: "isOperationDone", args: [id] })).toBe(
        false,
      );
    }

    // the second owner sees one proposal listing both calls, and executes it: both changes land together
    await executeOnSafeTab(browser, async (row) => {
      await expect(row.getByTestId("safe-batch")).toContainText("A batch (MultiSend) of 2 calls");
      await expect(row.getByText("Timelock.execute")).toHaveCount(2);
      await expect(row).toContainText(`rates #1: ${pct(before[0])}% → ${pct(rates[0])}%`);
      await expect(row).toContainText(fund);
    });
    expect(await safeNonce(chain, safe)).toBe(nonce + 1n);
    for (const id of ids) {
      expect(await chain.readContract({ ...timelock, functionName: "isOperationDone", args: [id] })).toBe(
        true,
      );
    }
    expect((await chain.readContract({ ...nodeReward, functionName: "getConfig" })).rates).toEqual(rates);
    expect(await chain.readContract({ ...ido, functionName: "fund" })).toBe(fund);
  });
});

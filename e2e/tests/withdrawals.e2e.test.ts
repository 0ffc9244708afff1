/**
 * The operators' withdrawals console (/manager, tab Withdrawals): approve, reject, pay and refund from the
 * page, each checked in the API's database (through its routes) and, for payouts, on chain. The API is the
 * real server with members seeded a balance (fixtures/operatorApi.ts); the requests and fees are real.
 */
import { usdtAbi } from "@taichi/contracts";
import type { Page } from "@playwright/test";
import { type Address, type Hash, type PublicClient, parseEther } from "viem";
import { DEV_ROLES, devAccount, expect, test } from "../fixtures/test.ts";
import { connectWallet, devWallet, direct } from "../fixtures/accounts.ts";
import {
  type OperatorApi,
  operatorDatabaseTemplate,
  removeOperatorDatabaseTemplate,
  startOperatorApi,
} from "../fixtures/operatorApi.ts";

const TREASURY = devAccount(DEV_ROLES.deployer).address; // account 0: the treasury, and an operator
const MEMBER = DEV_ROLES.members[0];
const OTHER = DEV_ROLES.members[1];
const memberAddress = devAccount(MEMBER).address;
const otherAddress = devAccount(OTHER).address;
const FEE = parseEther("1");

type Withdrawal = { id: number; status: string; payoutTxHash: Hash | null; reason: string | null };
type Detail = Withdrawal & { events: { toStatus: string; actor: string; reason: string | null }[] };

const usdtOf = (chain: PublicClient, usdt: Address, who: Address) =>
  chain.readContract({ address: usdt, abi: usdtAbi, functionName: "balanceOf", args: [who] });

/** Dev account `index` requests a withdrawal of `num` USDT as the app does: the 1 USDT fee on chain, then `withdraw`. */
async function requestWithdrawal(
  api: OperatorApi,
  chain: PublicClient,
  usdt: Address,
  index: number,
  num: string,
) {
  const token = await api.signIn(index);
  const hash = devWallet(index).writeContract({
    address: usdt,
    abi: usdtAbi,
    functionName: "transfer",
    args: [TREASURY, FEE],
  });
  await direct(chain, hash);
  const answer = await api.post<{ id: number }>(
    "withdraw",
    { num, credit_type: "usdt", hash: await hash },
    token,
  );
  expect(answer, answer.msg).toMatchObject({ code: 0, data: { status: "pending" } });
  return { id: answer.data.id, token };
}

async function balanceOf(api: OperatorApi, token: string): Promise<string> {
  const answer = await api.post<{ balance: string }>("walletList", { credit_type: "usdt" }, token);
  expect(answer.code).toBe(0);
  return answer.data.balance;
}

async function openConsole(page: Page, api: OperatorApi) {
  await api.serve(page);
  await page.goto("/");
  await connectWallet(page);
  await expect(page.getByText("Manager", { exact: true })).toBeVisible();
  await page.goto("/manager?tab=withdrawals");
  const panel = page.getByRole("tabpanel", { name: "Withdrawals" });
  await panel.getByRole("button", { name: "Sign in with wallet" }).click();
  await expect(panel.getByRole("region", { name: "Withdrawal requests" })).toBeVisible();
  return panel;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  await operatorDatabaseTemplate();
});
test.afterAll(removeOperatorDatabaseTemplate);

const row = (panel: ReturnType<Page["getByRole"]>, id: number) =>
  panel.getByTestId("withdrawal-row").filter({ hasText: `#${id}` });

test.describe("the withdrawals console, as the treasury's operator (dev account 0)", () => {
  test.use({ walletAccount: DEV_ROLES.deployer });

  let api: OperatorApi;
  test.beforeEach(async ({ contracts }) => {
    test.slow(); // each test boots its own API (tens of seconds on a busy machine)
    api = await startOperatorApi({
      usdt: contracts.Usdt!,
      arb: contracts.MiningToken!,
      seeded: [
        { address: memberAddress, username: "member-two", usdt: parseEther("100") },
        { address: otherAddress, username: "member-three", usdt: parseEther("100") },
      ],
    });
  });
  test.afterEach(async () => api?.stop());

  test("lists the queue with filters; approving asks with the member and amount, and the request is approved", async ({
    page,
    chain,
    contracts,
  }) => {
    const mine = await requestWithdrawal(api, chain, contracts.Usdt!, MEMBER, "12.5");
    const other = await requestWithdrawal(api, chain, contracts.Usdt!, OTHER, "20");
    const panel = await openConsole(page, api);

    await expect(panel.getByTestId("withdrawal-row")).toHaveCount(2);
    await panel.getByLabel("Member address").fill(otherAddress.toLowerCase());
    await panel.getByRole("button", { name: "Filter" }).click();
    await expect(panel.getByTestId("withdrawal-row")).toHaveCount(1);
    await expect(row(panel, other.id)).toContainText("member-three");
    await panel.getByLabel("Member address").fill("0x1234");
    await panel.getByRole("button", { name: "Filter" }).click();
    await expect(panel.getByRole("alert")).toHaveText(/Enter a whole address/);
    await panel.getByLabel("Member address").fill("");
    await panel.getByRole("button", { name: "Filter" }).click();

    await row(panel, mine.id)
      .getByRole("button", { name: `Approve #${mine.id}` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: `Approve withdrawal #${mine.id}` });
    await expect(dialog).toContainText("Approve 12.5 USDT for member-two?");
    await expect(dialog).toContainText(memberAddress.toLowerCase());
    // fits a 375 px screen with the dialog open
    await page.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(dialog).toBeHidden();
    await expect(row(panel, mine.id)).toHaveCount(0);

    const operator = await api.signIn(DEV_ROLES.operator);
    const detail = await api.post<Detail>("admin/withdrawalDetail", { id: String(mine.id) }, operator);
    expect(detail.data.status).toBe("approved");
    expect(detail.data.events.map((e) => [e.toStatus, e.actor])).toEqual([
      ["pending", memberAddress.toLowerCase()],
      ["approved", TREASURY.toLowerCase()],
    ]);
    const untouched = await api.post<Detail>("admin/withdrawalDetail", { id: String(other.id) }, operator);
    expect(untouched.data.status).toBe("pending");

    await panel.getByLabel("Status").selectOption("approved");
    await expect(row(panel, mine.id)).toContainText("12.5 USDT");
    await expect(row(panel, mine.id).getByRole("button", { name: `Pay #${mine.id}` })).toBeVisible();
  });

  test("rejecting needs a reason, and gives the amount back to the member's balance", async ({
    page,
    chain,
    contracts,
  }) => {
    const request = await requestWithdrawal(api, chain, contracts.Usdt!, MEMBER, "12.5");
    expect(await balanceOf(api, request.token)).toBe(parseEther("87.5").toString());
    const panel = await openConsole(page, api);

    await row(panel, request.id)
      .getByRole("button", { name: `Reject #${request.id}` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: `Reject withdrawal #${request.id}` });
    await expect(dialog).toContainText("Reject 12.5 USDT for member-two?");
    await dialog.getByRole("button", { name: "Reject and refund" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("Give a reason");
    await dialog.getByLabel("Reason (shown to the member)").fill("fee paid from a wrong account");
    await dialog.getByRole("button", { name: "Reject and refund" }).click();
    await expect(dialog).toBeHidden();
    await expect(panel.getByText("No withdrawal matches these filters")).toBeVisible();

    const operator = await api.signIn(DEV_ROLES.operator);
    const detail = await api.post<Detail>("admin/withdrawalDetail", { id: String(request.id) }, operator);
    expect(detail.data).toMatchObject({ status: "rejected", reason: "fee paid from a wrong account" });
    expect(await balanceOf(api, request.token)).toBe(parseEther("100").toString());
  });

  test("pays from the treasury's wallet, and records a hash sent elsewhere: the member receives the amount", async ({
    page,
    chain,
    contracts,
  }) => {
    const usdt = contracts.Usdt!;
    const first = await requestWithdrawal(api, chain, usdt, MEMBER, "12.5");
    const second = await requestWithdrawal(api, chain, usdt, OTHER, "15");
    const approver = await api.signIn(DEV_ROLES.deployer);
    for (const { id } of [first, second])
      expect(await api.post("admin/withdrawalApprove", { id: String(id) }, approver)).toMatchObject({
        code: 0,
      });
    // Reads as the second operator: signing the page's address in again would end the page's session.
    const operator = await api.signIn(DEV_ROLES.operator);
    // the treasury holds what it pays out (on the e2e chain it holds only the fees so far)
    await direct(
      chain,
      devWallet(DEV_ROLES.newcomers[0]).writeContract({
        address: usdt,
        abi: usdtAbi,
        functionName: "transfer",
        args: [TREASURY, parseEther("100")],
      }),
    );
    const panel = await openConsole(page, api);
    await panel.getByLabel("Status").selectOption("approved");

    // from this wallet (the treasury): the app sends the transfer, then records its hash
    const before = await usdtOf(chain, usdt, memberAddress);
    const otherBefore = await usdtOf(chain, usdt, otherAddress);
    await row(panel, first.id)
      .getByRole("button", { name: `Pay #${first.id}` })
      .click();
    let dialog = page.getByRole("alertdialog", { name: `Pay withdrawal #${first.id}` });
    await expect(dialog).toContainText("Pay 12.5 USDT to member-two");
    await expect(dialog).toContainText(TREASURY);
    await dialog.getByRole("button", { name: "Send 12.5 USDT from this wallet and record it" }).click();
    await expect(dialog).toBeHidden();
    expect(await usdtOf(chain, usdt, memberAddress)).toBe(before + parseEther("12.5"));
    const paid = await api.post<Withdrawal>("admin/withdrawalDetail", { id: String(first.id) }, operator);
    expect(paid.data.status).toBe("paid");
    const receipt = await chain.getTransactionReceipt({ hash: paid.data.payoutTxHash! });
    expect(receipt.from.toLowerCase()).toBe(TREASURY.toLowerCase());

    // sent elsewhere (a Safe, another tool): the hash pasted; a wrong one is refused first
    const elsewhere = devWallet(DEV_ROLES.deployer).writeContract({
      address: usdt,
      abi: usdtAbi,
      functionName: "transfer",
      args: [otherAddress, parseEther("15")],
    });
    await direct(chain, elsewhere);
    await row(panel, second.id)
      .getByRole("button", { name: `Pay #${second.id}` })
      .click();
    dialog = page.getByRole("alertdialog", { name: `Pay withdrawal #${second.id}` });
    await dialog.getByLabel("Payout transaction hash").fill(paid.data.payoutTxHash!);
    await dialog.getByRole("button", { name: "Record payout" }).click();
    await expect(dialog.getByRole("alert")).toContainText("already been used");
    await dialog.getByLabel("Payout transaction hash").fill(await elsewhere);
    await dialog.getByRole("button", { name: "Record payout" }).click();
    await expect(dialog).toBeHidden();
    expect(await usdtOf(chain, usdt, otherAddress)).toBe(otherBefore + parseEther("15"));
    const recorded = await api.post<Withdrawal>(
      "admin/withdrawalDetail",
      { id: String(second.id) },
      operator,
    );
    expect(recorded.data).toMatchObject({ status: "paid", payoutTxHash: (await elsewhere).toLowerCase() });

    await panel.getByLabel("Status").selectOption("paid");
    await expect(panel.getByTestId("withdrawal-row")).toHaveCount(2);
  });

  test("refunds an approved request to the member's balance, and nothing moves on chain", async ({
    page,
    chain,
    contracts,
  }) => {
    const usdt = contracts.Usdt!;
    const request = await requestWithdrawal(api, chain, usdt, MEMBER, "30");
    const approver = await api.signIn(DEV_ROLES.deployer);
    expect(await api.post("admin/withdrawalApprove", { id: String(request.id) }, approver)).toMatchObject({
      code: 0,
    });
    const operator = await api.signIn(DEV_ROLES.operator);
    const onChain = await usdtOf(chain, usdt, memberAddress);
    const panel = await openConsole(page, api);
    await panel.getByLabel("Status").selectOption("approved");

    await row(panel, request.id)
      .getByRole("button", { name: `Refund #${request.id}` })
      .click();
    const dialog = page.getByRole("alertdialog", { name: `Refund withdrawal #${request.id}` });
    await expect(dialog).toContainText("Refund 30 USDT to member-two's balance instead of paying it?");
    await dialog.getByLabel("Reason (shown to the member)").fill("payout address frozen");
    await dialog.getByRole("button", { name: "Refund to balance" }).click();
    await expect(dialog).toBeHidden();

    const detail = await api.post<Detail>("admin/withdrawalDetail", { id: String(request.id) }, operator);
    expect(detail.data).toMatchObject({
      status: "rejected",
      reason: "payout address frozen",
      payoutTxHash: null,
    });
    expect(detail.data.events.at(-1)).toMatchObject({ toStatus: "rejected", actor: TREASURY.toLowerCase() });
    expect(await balanceOf(api, request.token)).toBe(parseEther("100").toString());
    expect(await usdtOf(chain, usdt, memberAddress)).toBe(onChain);
  });
});

test.describe("the withdrawals console, as a manager who is no operator (dev account 1)", () => {
  test.use({ walletAccount: DEV_ROLES.manager });

  test("says the API does not count the address as an operator, and shows no request", async ({
    page,
    chain,
    contracts,
  }) => {
    test.slow(); // it boots its own API (tens of seconds on a busy machine)
    const api = await startOperatorApi({
      usdt: contracts.Usdt!,
      arb: contracts.MiningToken!,
      seeded: [{ address: memberAddress, username: "member-two", usdt: parseEther("100") }],
    });
    try {
      // a request the manager must not see
      const request = await requestWithdrawal(api, chain, contracts.Usdt!, MEMBER, "12.5");
      const manager = devAccount(DEV_ROLES.manager).address;
      await api.serve(page);
      await page.goto("/");
      await connectWallet(page);
      await page.goto("/manager?tab=withdrawals");
      const panel = page.getByRole("tabpanel", { name: "Withdrawals" });
      await panel.getByRole("button", { name: "Sign in with wallet" }).click();
      await expect(panel.getByRole("alert")).toContainText(
        `The API does not count ${manager} as an operator`,
      );
      await expect(panel.getByRole("alert")).toContainText("Operators only");
      await expect(panel.getByTestId("withdrawal-row")).toHaveCount(0);

      // the API's word, not only the page's: the manager is refused the queue an operator reads
      const refused = await api.post("admin/withdrawalList", {}, await api.signIn(DEV_ROLES.manager));
      expect(refused).toMatchObject({ code: 4800, msg: "Operators only" });
      const operator = await api.signIn(DEV_ROLES.operator);
      const detail = await api.post<Withdrawal>(
        "admin/withdrawalDetail",
        { id: String(request.id) },
        operator,
      );
      expect(detail.data.status).toBe("pending");
    } finally {
      await api.stop();
    }
  });
});

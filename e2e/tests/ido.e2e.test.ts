import { idoAbi, swapTokenAbi, usdtAbi } from "@taichi/contracts";
import type { Page } from "@playwright/test";
import { type Address, type PublicClient, encodeFunctionData, parseEther } from "viem";
import { DEV_ROLES, devAccount, expect, test, REHEARSAL } from "../fixtures/test.ts";
import { SIGNING_METHODS } from "@taichi/scripts/testWallet/wallet";
import {
  connectWallet,
  devWallet,
  direct,
  lastCallTo,
  openPageAs,
  ownerCall,
  sends,
  timeTravel,
} from "../fixtures/accounts.ts";

const root = devAccount(DEV_ROLES.deployer).address;
const member = DEV_ROLES.members[0]; // account 2, registered under the root
const APPROVE_AMOUNT = 10n ** 38n;

function reads(chain: PublicClient, contracts: Record<string, Address>) {
  return {
    user: (account: Address) =>
      chain.readContract({
        address: contracts.Ido!,
        abi: idoAbi,
        functionName: "getUserInfo",
        args: [account],
      }),
    usdt: (account: Address) =>
      chain.readContract({
        address: contracts.Usdt!,
        abi: usdtAbi,
        functionName: "balanceOf",
        args: [account],
      }),
    allowance: (account: Address) =>
      chain.readContract({
        address: contracts.Usdt!,
        abi: usdtAbi,
        functionName: "allowance",
        args: [account, contracts.Ido!],
      }),
    config: () => chain.readContract({ address: contracts.Ido!, abi: idoAbi, functionName: "getConfig" }),
    /** the sold token's on-chain symbol (the page names it so) */
    symbol: () =>
      chain.readContract({ address: contracts.SwapToken!, abi: swapTokenAbi, functionName: "symbol" }),
  };
}

const buyButton = (page: Page) => page.getByRole("button", { name: /^Buy for / });

test.describe("presale: approval through the one transaction path", () => {
  test.use({ walletAccount: member });

  test("the wallet rejects the approval: the overlay clears and nothing moves on chain", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const r = reads(chain, contracts);
    const usdtBefore = await r.usdt(wallet.account.address);
    for (const method of SIGNING_METHODS) wallet.reject.add(method);

    await page.goto("/ido");
    await connectWallet(page);
    await buyButton(page).click();

    await expect(page.getByRole("alert").filter({ hasText: "User rejected the request" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);
    await expect(buyButton(page)).toBeEnabled();
    expect(sends(wallet.calls)).toBe(1); // the approval was asked for, and refused
    expect(await r.allowance(wallet.account.address)).toBe(0n);
    expect(await r.usdt(wallet.account.address)).toBe(usdtBefore);
    expect((await r.user(wallet.account.address)).idoIndex).toBe(0n);
  });

  // The price is lowered to 1 USDT (1e18) so that both sides of the threshold can pay for it.
  for (const { allowance, approves } of [
    { allowance: 10n ** 18n, approves: true },
    { allowance: 10n ** 18n + 1n, approves: false },
  ]) {
    test(`an allowance of ${allowance} ${approves ? "asks for an approval of 1e38 first" : "needs no approval"}`, async ({
      page,
      wallet,
      chain,
      contracts,
    }) => {
      const r = reads(chain, contracts);
      const price = 10n ** 18n;
      const c = await r.config();
      await ownerCall(
        chain,
        contracts,
        contracts.Ido!,
        encodeFunctionData({
          abi: idoAbi,
          functionName: "setConfig",
          args: [
            {
              directRate: c.directRate,
              indirectRate: c.indirectRate,
              idoAmount: price,
              idoTokens1: c.idoTokens1,
              idoTokens2: c.idoTokens2,
              idoTokens3: c.idoTokens3,
              idoMax: c.idoMax,
              startTime: c.startTime,
              endTime: c.endTime,
              extractTime: c.extractTime,
            },
          ],
        }),
      );
      await direct(
        chain,
        devWallet(member).writeContract({
          address: contracts.Usdt!,
          abi: usdtAbi,
          functionName: "approve",
          args: [contracts.Ido!, allowance],
        }),
      );
      expect(await r.allowance(wallet.account.address)).toBe(allowance);
      const usdtBefore = await r.usdt(wallet.account.address);

      await page.goto("/ido");
      await connectWallet(page);
      await expect(buyButton(page)).toHaveText("Buy for 1 USDT");
      await buyButton(page).click();

      await expect.poll(async () => (await r.user(wallet.account.address)).idoIndex).toBe(1n);
      expect(await r.usdt(wallet.account.address)).toBe(usdtBefore - price);
      // the purchase carried the terms shown: the price as the most paid, the first tier's tokens as the least
      expect(await lastCallTo(chain, contracts.Ido!, idoAbi)).toEqual({
        functionName: "ido",
        args: [price, c.idoTokens1],
      });
      if (approves) {
        expect(sends(wallet.calls)).toBe(2); // approve(1e38), then ido()
        expect(await r.allowance(wallet.account.address)).toBe(APPROVE_AMOUNT - price);
      } else {
        expect(sends(wallet.calls)).toBe(1); // ido() only
        expect(await r.allowance(wallet.account.address)).toBe(allowance - price);
      }
    });
  }
});

test.describe("presale: a second purchase", () => {
  test.use({ walletAccount: DEV_ROLES.members[1] });

  test("from a page that has not seen the first one: the spec message, nothing sent, no USDT moves", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const r = reads(chain, contracts);
    await page.goto("/ido");
    await connectWallet(page);
    await expect(buyButton(page)).toBeEnabled();

    // meanwhile the same account buys elsewhere (another tab, another device)
    const self = devWallet(DEV_ROLES.members[1]);
    await direct(
      chain,
      self.writeContract({
        address: contracts.Usdt!,
        abi: usdtAbi,
        functionName: "approve",
        args: [contracts.Ido!, APPROVE_AMOUNT],
      }),
    );
    await direct(chain, self.writeContract({ address: contracts.Ido!, abi: idoAbi, functionName: "ido" }));
    const usdtAfterFirst = await r.usdt(wallet.account.address);

    await buyButton(page).click();
    await expect(page.getByRole("alert").filter({ hasText: "One participation per address" })).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);
    expect(sends(wallet.calls)).toBe(0); // the revert was caught at estimation, nothing was signed
    expect(await r.usdt(wallet.account.address)).toBe(usdtAfterFirst);
    expect((await r.user(wallet.account.address)).idoIndex).toBe(1n);
  });
});

test.describe("presale journey", () => {
  // account 5 registers under account 2, whose referrer is the root (account 0)
  test.use({ walletAccount: DEV_ROLES.newcomers[1] });

  test(
    "register -> buy -> referrers credited 2.5 and 1.5 USDT -> after extractTime claim the tokens",
    REHEARSAL,
    async ({ page, wallet, chain, contracts, browser }) => {
      test.setTimeout(120_000);
      const r = reads(chain, contracts);
      const buyer = wallet.account.address;
      const referrer = devAccount(member).address;
      const usdtBefore = await r.usdt(buyer);
      const price = (await r.config()).idoAmount;
      const symbol = await r.symbol();
      expect(price).toBe(parseEther("50"));

      // register through the invitation link
      await page.goto(`/ido?code=${referrer}`);
      await connectWallet(page);
      const dialog = page.getByRole("dialog", { name: "Register binding" });
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await expect(dialog).toBeHidden();
      expect((await r.user(buyer)).refer).toBe(referrer);

      // buy: approve + ido
      await expect(buyButton(page)).toHaveText("Buy for 50 USDT");
      await buyButton(page).click();
      await expect.poll(async () => (await r.user(buyer)).idoIndex).toBe(1n);
      // the toast says what happened (the local chain has no explorer to link)
      await expect(page.getByText("Success: Presale purchase confirmed")).toBeVisible();
      const bought = await r.user(buyer);
      expect(bought.amount).toBe(price);
      expect(bought.balance).toBe(parseEther("5000"));
      expect(await r.usdt(buyer)).toBe(usdtBefore - price);
      expect(sends(wallet.calls)).toBe(3); // register, approve, ido

      // the page now refuses a second purchase with the spec's message
      const allocation = page.getByRole("region", { name: "My allocation" });
      // allotted and still to claim, named by the token's on-chain symbol
      await expect(allocation.getByText(`5,000 ${symbol}`, { exact: true })).toHaveCount(2);
      await expect(buyButton(page)).toBeDisabled();
      await expect(page.getByText("One participation per address")).toBeVisible();
      // the progress counts this sale, grouped like every other figure (2000 -> "2,000")
      const { idoHas, idoMax } = await r.config();
      const grouped = (n: bigint) => n.toLocaleString("en-US");
      await expect(page.getByRole("region", { name: "Presale", exact: true })).toContainText(
        `${grouped(idoHas)} / ${grouped(idoMax)}`,
      );
      await expect(allocation.getByRole("button", { name: `Claim ${symbol}` })).toBeDisabled();

      // the referrer is credited 5% and the grand-referrer (root) 3%: on chain ...
      const direct5 = await r.user(referrer);
      expect(direct5.balanceReward).toBe(parseEther("2.5"));
      expect(direct5.rewardDirect).toBe(parseEther("2.5"));
      const indirect3 = await r.user(root);
      expect(indirect3.balanceReward).toBe(parseEther("1.5"));
      expect(indirect3.rewardIndirect).toBe(parseEther("1.5"));

      // ... and on their own /ido pages
      for (const { index, amount, list } of [
        { index: member, amount: "2.5 USDT", list: "My direct invitees" },
        { index: DEV_ROLES.deployer, amount: "1.5 USDT", list: "My indirect invitees" },
      ]) {
        const other = await openPageAs(browser, index);
        try {
          await other.page.goto("/ido");
          await connectWallet(other.page);
          const rewards = other.page.getByRole("region", { name: "My referral rewards" });
          await expect(rewards.locator("dd").first()).toHaveText(amount);
          await expect(rewards.getByRole("button", { name: "Claim rewards" })).toBeEnabled();
          const invitees = other.page.getByRole("region", { name: list });
          await expect(invitees.getByTitle(buyer)).toBeVisible();
          await expect(invitees.getByText("No more")).toBeVisible();
          // usable at 375 px: nothing wider than the screen
          expect(await other.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
            375,
          );
        } finally {
          await other.context.close();
        }
      }

      // time travel past extractTime, then claim the tokens
      const { extractTime } = await r.config();
      const { timestamp } = await chain.getBlock();
      await timeTravel(extractTime - timestamp + 1n);
      await page.reload();
      const claim = page
        .getByRole("region", { name: "My allocation" })
        .getByRole("button", { name: `Claim ${symbol}` });
      await expect(claim).toBeEnabled();
      await claim.click();
      await expect
        .poll(() =>
          chain.readContract({
            address: contracts.SwapToken!,
            abi: swapTokenAbi,
            functionName: "balanceOf",
            args: [buyer],
          }),
        )
        .toBe(parseEther("5000"));
      expect((await r.user(buyer)).balance).toBe(0n);
      await expect(page.getByRole("button", { name: "Claimed" })).toBeDisabled();
    },
  );
});

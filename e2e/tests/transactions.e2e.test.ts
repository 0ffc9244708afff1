/**
 * What a member sees of a transaction: the gas its BNB must cover (told before any wallet prompt), the
 * steps of the flow with the hash and its explorer link while it waits (anvil's mining held), and exact
 * approvals as the wallet panel's setting, each checked on chain.
 */
import { idoAbi, usdtAbi } from "@taichi/contracts";
import type { Page } from "@playwright/test";
import type { Address, Hash, PublicClient } from "viem";
import { DEV_ROLES, expect, test } from "../fixtures/test.ts";
import { chainRpc, connectWallet, sends } from "../fixtures/accounts.ts";
import { EXPLORER_URL } from "../fixtures/ports.ts";

const member = DEV_ROLES.members[0]; // registered under the root, holds USDT
const buyButton = (page: Page) => page.getByRole("button", { name: /^Buy for / });
const overlay = (page: Page) => page.locator(".pending");
const pill = (page: Page) => page.locator(".pending-pill");

function reads(chain: PublicClient, contracts: Record<string, Address>, account: Address) {
  return {
    allowance: () =>
      chain.readContract({
        address: contracts.Usdt!,
        abi: usdtAbi,
        functionName: "allowance",
        args: [account, contracts.Ido!],
      }),
    usdt: () =>
      chain.readContract({
        address: contracts.Usdt!,
        abi: usdtAbi,
        functionName: "balanceOf",
        args: [account],
      }),
    bought: async () =>
      (
        await chain.readContract({
          address: contracts.Ido!,
          abi: idoAbi,
          functionName: "getUserInfo",
          args: [account],
        })
      ).idoIndex,
    price: async () =>
      (await chain.readContract({ address: contracts.Ido!, abi: idoAbi, functionName: "getConfig" }))
        .idoAmount,
  };
}

/** Holds anvil's mining for the test's body: sent transactions wait until `evm_mine`. */
async function withMiningHeld(body: () => Promise<void>) {
  await chainRpc("evm_setAutomine", [false]);
  try {
    await body();
  } finally {
    await chainRpc("evm_setAutomine", [true]);
  }
}

test.describe("transactions a member can follow", () => {
  test.use({ walletAccount: member, viewport: { width: 375, height: 812 } });

  test("a member with no BNB is told before any wallet prompt, and nothing is sent", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const r = reads(chain, contracts, wallet.account.address);
    await chainRpc("anvil_setBalance", [wallet.account.address, "0x0"]);
    const usdtBefore = await r.usdt();
    const nonceBefore = await chain.getTransactionCount({ address: wallet.account.address });

    await page.goto("/ido");
    await connectWallet(page);
    await expect(buyButton(page)).toBeEnabled();
    const asked = wallet.calls.length;
    await buyButton(page).click();

    await expect(
      page.getByRole("alert").filter({ hasText: /^Not enough BNB for gas: this needs about / }),
    ).toContainText("your wallet holds 0 BNB");
    await expect(overlay(page)).toHaveCount(0);
    // the wallet was asked for nothing: no transaction, no signature, not even a chain switch
    expect(wallet.calls.slice(asked).filter((m) => m.startsWith("wallet_") || /send|sign/i.test(m))).toEqual(
      [],
    );
    expect(await chain.getTransactionCount({ address: wallet.account.address })).toBe(nonceBefore);
    expect(await r.allowance()).toBe(0n);
    expect(await r.usdt()).toBe(usdtBefore);
    expect(await r.bought()).toBe(0n);

    // the wallet panel shows the balance the gas is paid from, and what to do about it
    await page.getByRole("button", { name: /^0x/ }).click();
    await expect(page.getByTestId("bnb-balance")).toHaveText("0 BNB");
    await expect(page.getByText("Every transaction pays its gas in BNB")).toBeVisible();
  });

  test("while a transaction waits the overlay shows its step, hash and explorer link, and can be moved aside", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const r = reads(chain, contracts, wallet.account.address);
    await page.goto("/ido");
    await connectWallet(page);
    await expect(buyButton(page)).toBeEnabled();

    await withMiningHeld(async () => {
      await buyButton(page).click();
      // the approval is sent and waits to be mined
      await expect.poll(() => sends(wallet.calls)).toBe(1);
      const approveStep = overlay(page).getByRole("listitem").filter({ hasText: "Approve USDT" });
      await expect(approveStep).toContainText("Pending");
      const link = approveStep.getByRole("link");
      const href = (await link.getAttribute("href"))!;
      expect(href).toMatch(new RegExp(`^${EXPLORER_URL}/tx/0x[0-9a-f]{64}$`));
      const hash = href.slice(href.lastIndexOf("/") + 1) as Hash;
      // that hash is the member's approval, sent and not mined
      const sent = await chain.getTransaction({ hash });
      expect(sent.to?.toLowerCase()).toBe(contracts.Usdt!.toLowerCase());
      expect(sent.blockNumber).toBeNull();
      await expect(overlay(page).getByRole("listitem").filter({ hasText: "Presale purchase" })).toContainText(
        "Next",
      );

      // moved aside: the page is usable, a pill keeps the hash, and brings the overlay back
      await overlay(page).getByRole("button", { name: "Move aside" }).click();
      await expect(overlay(page)).toHaveCount(0);
      await expect(pill(page)).toContainText("Approve USDT: Pending");
      await expect(pill(page).getByRole("link")).toHaveAttribute("href", href);
      await pill(page).getByRole("button", { name: "Show the transaction" }).click();
      await expect(approveStep).toContainText("Pending");

      await chainRpc("evm_mine");
      await expect(approveStep).toContainText("Confirmed");
      await expect.poll(() => sends(wallet.calls)).toBe(2);
      const buyStep = overlay(page).getByRole("listitem").filter({ hasText: "Presale purchase" });
      await expect(buyStep).toContainText("Pending");
      await expect(buyStep.getByRole("link")).toHaveAttribute("href", new RegExp(`^${EXPLORER_URL}/tx/0x`));
      await chainRpc("evm_mine");
    });

    await expect(page.getByText("Success: Presale purchase confirmed")).toBeVisible();
    await expect(overlay(page)).toHaveCount(0);
    await expect(pill(page)).toHaveCount(0);
    expect(await r.bought()).toBe(1n);
  });

  test("exact approvals (the wallet panel's setting, kept after a reload) approve the amount spent", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const r = reads(chain, contracts, wallet.account.address);
    const price = await r.price();
    await page.goto("/ido");
    await connectWallet(page);
    await page.getByRole("button", { name: /^0x/ }).click();
    const exact = page.getByRole("checkbox", { name: "Approve only the amount of each action" });
    await expect(exact).not.toBeChecked(); // unlimited stays the default
    await exact.check();
    await page.reload();
    await expect(buyButton(page)).toBeEnabled();
    await page.getByRole("button", { name: /^0x/ }).click();
    await expect(exact).toBeChecked();
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();

    await withMiningHeld(async () => {
      await buyButton(page).click();
      await expect.poll(() => sends(wallet.calls)).toBe(1);
      await expect(overlay(page)).toContainText("(this amount only)");
      await chainRpc("evm_mine");
      // the approval mined, the purchase not yet: the allowance is the price, not 1e38
      await expect.poll(() => r.allowance()).toBe(price);
      await expect.poll(() => sends(wallet.calls)).toBe(2);
      await chainRpc("evm_mine");
    });

    await expect.poll(() => r.bought()).toBe(1n);
    expect(await r.allowance()).toBe(0n); // the purchase spent exactly what was approved
  });
});

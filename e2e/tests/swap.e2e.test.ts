import { lpSwapAbi, pairAbi, routerAbi, swapTokenAbi, usdtAbi } from "@taichi/contracts";
import type { Dex } from "@taichi/contracts/dex";
import type { Locator, Page } from "@playwright/test";
import {
  type Address,
  type PublicClient,
  encodeFunctionData,
  maxUint256,
  parseEther,
  parseUnits,
} from "viem";
import { DEV_ROLES, expect, test, kvValue, REHEARSAL } from "../fixtures/test.ts";
import {
  buyDirect,
  connectWallet,
  devWallet,
  direct,
  lastCallTo,
  ownerCall,
  sends,
  timeTravel,
} from "../fixtures/accounts.ts";

const member = DEV_ROLES.members[0]; // account 2: registered, 100,000 USDT

function reads(chain: PublicClient, contracts: Record<string, Address>) {
  const balance = (token: Address, account: Address) =>
    chain.readContract({ address: token, abi: usdtAbi, functionName: "balanceOf", args: [account] });
  return {
    usdt: (account: Address) => balance(contracts.Usdt!, account),
    token: (account: Address) => balance(contracts.SwapToken!, account),
    lp: (account: Address) => balance(contracts.Pair_SwapToken_Usdt!, account),
    /** the router's gross output for `usdtIn`, and what a buyer receives after the token's buy fee */
    async buyQuote(usdtIn: bigint) {
      const [, gross] = await chain.readContract({
        address: contracts.Router!,
        abi: routerAbi,
        functionName: "getAmountsOut",
        args: [usdtIn, [contracts.Usdt!, contracts.SwapToken!]],
      });
      const [buyFees] = await chain.readContract({
        address: contracts.SwapToken!,
        abi: swapTokenAbi,
        functionName: "getFees",
      });
      const rate = BigInt(buyFees.burn + buyFees.pool + buyFees.node + buyFees.market + buyFees.dividend);
      return gross! - (gross! * rate) / 10_000n;
    },
    reserves: () =>
      chain.readContract({
        address: contracts.Pair_SwapToken_Usdt!,
        abi: pairAbi,
        functionName: "getReserves",
      }),
    lpUser: (account: Address) =>
      chain.readContract({
        address: contracts.LpSwap!,
        abi: lpSwapAbi,
        functionName: "getUserInfo",
        args: [account],
      }),
  };
}

/** The value shown beside a label in a card's key/value list, e.g. "9,812.123456 TAI" -> 9812.123456e18. */
async function shownAmount(card: Locator, label: string): Promise<bigint> {
  const text = await kvValue(card, label).innerText();
  return parseUnits(text.split(" ")[0]!.replaceAll(",", ""), 18);
}

/** Cuts a value to the 6 fraction digits the page shows. */
const shown6 = (v: bigint) => (v / 10n ** 12n) * 10n ** 12n;

/** Swap, then the review's "Confirm swap" (a price impact of at most 5%: one more click). */
async function swapReviewed(page: Page, card: Locator) {
  await card.getByRole("button", { name: "Swap", exact: true }).click();
  await page
    .getByRole("alertdialog", { name: "Review swap" })
    .getByRole("button", { name: "Confirm swap" })
    .click();
}

/** The price impact of `pairIn` on `reserveIn` in basis points, after the fee of this chain's DEX. */
const impactBps = (pairIn: bigint, reserveIn: bigint, dex: Dex) => {
  const inWithFee = pairIn * (10_000n - BigInt(dex.feeBps));
  return (inWithFee * 10_000n) / (reserveIn * 10_000n + inWithFee);
};
/** Basis points as the page writes a percentage: 3312 -> "33.12", 1050 -> "10.5". */
const percent = (bps: bigint) =>
  `${bps / 100n}${bps % 100n ? `.${(bps % 100n).toString().padStart(2, "0").replace(/0$/, "")}` : ""}`;

async function openExchange(page: Page) {
  await page.goto("/swap");
  await connectWallet(page);
  return page.getByRole("region", { name: "Flash exchange" });
}

test.describe("flash exchange", () => {
  test.use({ walletAccount: member });

  test(
    "USDT -> token: approve, then the swap lands with at least the minimum received",
    REHEARSAL,
    async ({ page, wallet, chain, contracts }) => {
      const r = reads(chain, contracts);
      const me = wallet.account.address;
      const usdtIn = parseEther("1000");
      const usdtBefore = await r.usdt(me);
      const tokenBefore = await r.token(me);
      const expected = await r.buyQuote(usdtIn);
      const minimum = (expected * 9_950n) / 10_000n; // the default 0.5% slippage

      const card = await openExchange(page);
      await expect(card.getByRole("radio", { name: /^USDT to / })).toBeChecked();
      await card.getByLabel("You pay (USDT)").fill("1000");
      await expect(card.getByText("Minimum received")).toBeVisible();
      // the page quotes what the buyer gets after the 3% buy fee, and the minimum the router enforces
      expect(await shownAmount(card, "You receive (estimated)")).toBe(shown6(expected));
      expect(await shownAmount(card, "Minimum received")).toBe(shown6(minimum));
      await expect(kvValue(card, "Price impact")).toHaveText("0.98%");

      await swapReviewed(page, card);
      await expect.poll(() => r.usdt(me)).toBe(usdtBefore - usdtIn);
      const received = (await r.token(me)) - tokenBefore;
      expect(received).toBeGreaterThanOrEqual(minimum);
      expect(received).toBe(expected); // nothing else traded in between
      expect(sends(wallet.calls)).toBe(2); // approve(1e38) for the router, then the swap
      // the balances on the page are read again: the field is cleared and the USDT balance is the new one
      await expect(card.getByLabel("You pay (USDT)")).toHaveValue("");
      await expect.poll(() => shownAmount(card, "Balance")).toBe(shown6(usdtBefore - usdtIn));
      await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);
    },
  );

  test(
    "token -> USDT: the sell fee and its burn are shown, and the quote is what lands",
    REHEARSAL,
    async ({ page, wallet, chain, contracts }) => {
      const r = reads(chain, contracts);
      const me = wallet.account.address;
      // the member holds 10,000 tokens (a wallet transfer pays no fee)
      await direct(
        chain,
        devWallet(DEV_ROLES.deployer).writeContract({
          address: contracts.SwapToken!,
          abi: swapTokenAbi,
          functionName: "transfer",
          args: [me, parseEther("10000")],
        }),
      );
      const supplyBefore = await chain.readContract({
        address: contracts.SwapToken!,
        abi: swapTokenAbi,
        functionName: "totalSupply",
      });
      const usdtBefore = await r.usdt(me);

      const card = await openExchange(page);
      await card.getByRole("radio", { name: /to USDT$/ }).check();
      await card.getByLabel(/^You pay \(/).fill("10000");
      await expect(card.getByText("Minimum received")).toBeVisible();
      expect(await shownAmount(card, "Token fee")).toBe(parseEther("500")); // 5%
      expect(await shownAmount(card, "Burned")).toBe(parseEther("100")); // the 1% burn share
      const quoted = await shownAmount(card, "You receive (estimated)");
      const minimum = await shownAmount(card, "Minimum received");

      await swapReviewed(page, card);
      await expect.poll(() => r.token(me)).toBe(0n);
      const received = (await r.usdt(me)) - usdtBefore;
      expect(received).toBeGreaterThanOrEqual(minimum);
      expect(shown6(received)).toBe(quoted);
      const supplyAfter = await chain.readContract({
        address: contracts.SwapToken!,
        abi: swapTokenAbi,
        functionName: "totalSupply",
      });
      expect(supplyBefore - supplyAfter).toBe(parseEther("100"));
    },
  );

  test(
    "a sell that first runs the token's swap-and-liquify: the note, and the quote is still what lands",
    REHEARSAL,
    async ({ page, wallet, chain, contracts }) => {
      const r = reads(chain, contracts);
      const me = wallet.account.address;
      const deployer = devWallet(DEV_ROLES.deployer);
      const token = { address: contracts.SwapToken!, abi: swapTokenAbi } as const;
      await direct(
        chain,
        deployer.writeContract({ ...token, functionName: "transfer", args: [me, parseEther("10000")] }),
      );
      // a low threshold, then another account's buy pays the pool share that makes the next sell liquify
      await ownerCall(
        chain,
        contracts,
        token.address,
        encodeFunctionData({
          abi: swapTokenAbi,
          functionName: "setSwapSettings",
          args: [parseEther("1"), 500n],
        }),
      );
      await buyDirect(chain, contracts, DEV_ROLES.newcomers[2], contracts.SwapToken!, parseEther("1000"));
      const pooled = await chain.readContract({
        ...token,
        functionName: "balanceOf",
        args: [contracts.SwapToken!],
      });
      expect(pooled).toBeGreaterThan(parseEther("1"));
      const usdtBefore = await r.usdt(me);

      const card = await openExchange(page);
      await card.getByRole("radio", { name: /to USDT$/ }).check();
      await card.getByLabel(/^You pay \(/).fill("10000");
      await expect(card.getByText(/first turns the fees the token collected into liquidity/)).toBeVisible();
      const quoted = await shownAmount(card, "You receive (estimated)");
      const minimum = await shownAmount(card, "Minimum received");
      // the router alone (reserves before the run) would promise more than the sale can get
      const [, routerOut] = await chain.readContract({
        address: contracts.Router!,
        abi: routerAbi,
        functionName: "getAmountsOut",
        args: [parseEther("9500"), [contracts.SwapToken!, contracts.Usdt!]],
      });
      expect(quoted).toBeLessThan(shown6(routerOut!));

      await swapReviewed(page, card);
      await expect.poll(() => r.token(me)).toBe(0n);
      const received = (await r.usdt(me)) - usdtBefore;
      expect(received).toBeGreaterThanOrEqual(minimum);
      expect(shown6(received)).toBe(quoted);
      // the run happened: at most the unmatched part of the pooled tokens is left, beside this sale's
      // own 1% pool share
      const left = await chain.readContract({
        ...token,
        functionName: "balanceOf",
        args: [contracts.SwapToken!],
      });
      expect(left - parseEther("100")).toBeLessThan(pooled / 2n);
    },
  );

  test("the pool moves between the quote and the send: the slippage message, nothing is sent or moved", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const r = reads(chain, contracts);
    const me = wallet.account.address;
    // approved beforehand, so the only transaction the page would send is the swap itself
    await direct(
      chain,
      devWallet(member).writeContract({
        address: contracts.Usdt!,
        abi: usdtAbi,
        functionName: "approve",
        args: [contracts.Router!, maxUint256],
      }),
    );
    const usdtBefore = await r.usdt(me);
    const tokenBefore = await r.token(me);

    const card = await openExchange(page);
    await card.getByLabel("You pay (USDT)").fill("1000");
    await expect(card.getByText("Minimum received")).toBeVisible();
    const quoted = await shownAmount(card, "You receive (estimated)");

    // another account buys 20,000 USDT of the token: the price rises about 40%
    const reservesBefore = await r.reserves();
    await buyDirect(chain, contracts, DEV_ROLES.newcomers[2], contracts.SwapToken!, parseEther("20000"));
    expect(await r.reserves()).not.toEqual(reservesBefore);

    await swapReviewed(page, card);
    await expect(
      page.getByRole("alert").filter({ hasText: "The price moved more than your slippage tolerance" }),
    ).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);
    expect(sends(wallet.calls)).toBe(0); // refused at estimation: nothing was signed
    expect(await r.usdt(me)).toBe(usdtBefore);
    expect(await r.token(me)).toBe(tokenBefore);
    // the page reads the new price: the same 1000 USDT now buys less
    await expect.poll(() => shownAmount(card, "You receive (estimated)")).toBeLessThan(quoted);
    expect(await shownAmount(card, "You receive (estimated)")).toBe(
      shown6(await r.buyQuote(parseEther("1000"))),
    );
    await expect(card.getByRole("button", { name: "Swap", exact: true })).toBeEnabled();
  });

  test("a 33% price-impact swap cannot be sent with one click: only the typed phrase sends it, and it lands", async ({
    page,
    wallet,
    chain,
    contracts,
    deployment,
  }) => {
    const r = reads(chain, contracts);
    const me = wallet.account.address;
    const usdtIn = parseEther("50000");
    const [r0, r1] = await r.reserves();
    const token0 = await chain.readContract({
      address: contracts.Pair_SwapToken_Usdt!,
      abi: pairAbi,
      functionName: "token0",
    });
    const usdtReserve = token0.toLowerCase() === contracts.Usdt!.toLowerCase() ? r0 : r1;
    const impact = impactBps(usdtIn, usdtReserve, deployment.dex);
    expect(impact).toBeGreaterThan(3000n);
    const usdtBefore = await r.usdt(me);
    const tokenBefore = await r.token(me);
    const expected = await r.buyQuote(usdtIn);
    const nonceBefore = await chain.getTransactionCount({ address: me });

    const card = await openExchange(page);
    await card.getByLabel("You pay (USDT)").fill("50000");
    await expect(kvValue(card, "Price impact")).toHaveText(`${percent(impact)}%`);
    await expect(
      card.getByText(`you receive about ${percent(impact)}% less than at the current price`),
    ).toBeVisible();

    // one click only opens the review: nothing is sent, and its button needs the typed phrase
    await card.getByRole("button", { name: "Swap", exact: true }).click();
    const review = page.getByRole("alertdialog", { name: "Review swap" });
    await expect(review.getByRole("alert")).toContainText(`Price impact ${percent(impact)}%`);
    expect(await shownAmount(review, "You pay")).toBe(usdtIn);
    expect(await shownAmount(review, "You receive (estimated)")).toBe(shown6(expected));
    await expect(kvValue(review, "Route")).toContainText("USDT →");
    const send = review.getByRole("button", { name: "Swap anyway" });
    await expect(send).toBeDisabled();
    await review.getByLabel("Price impact above 15%: type confirm to send this swap anyway").fill("conf");
    await expect(send).toBeDisabled();
    await page.keyboard.press("Enter");
    await review.getByRole("button", { name: "Cancel" }).click();
    await expect(review).toBeHidden();
    expect(sends(wallet.calls)).toBe(0);
    expect(await r.usdt(me)).toBe(usdtBefore);

    // typed, it is sent and lands
    await card.getByRole("button", { name: "Swap", exact: true }).click();
    await review.getByLabel("Price impact above 15%: type confirm to send this swap anyway").fill("confirm");
    await send.click();
    await expect.poll(() => r.usdt(me)).toBe(usdtBefore - usdtIn);
    expect((await r.token(me)) - tokenBefore).toBe(expected);
    // settled: everything the page sent is mined, and the one swap among it is the typed one (a send by the
    // first click or by Enter would have moved the balances twice)
    await expect
      .poll(async () => (await chain.getTransactionCount({ address: me })) - nonceBefore)
      .toBe(sends(wallet.calls));
    expect(await r.usdt(me)).toBe(usdtBefore - usdtIn);
    expect((await r.token(me)) - tokenBefore).toBe(expected);
  });

  test("between 5% and 15% impact the review needs a tick, and the ticked swap lands; the flip button turns the direction round", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const r = reads(chain, contracts);
    const me = wallet.account.address;
    const usdtIn = parseEther("12000");
    const usdtBefore = await r.usdt(me);
    const tokenBefore = await r.token(me);
    const expected = await r.buyQuote(usdtIn);
    const card = await openExchange(page);
    await card.getByLabel("You pay (USDT)").fill("12000");
    await expect(card.getByText("Minimum received")).toBeVisible();
    await card.getByRole("button", { name: "Swap", exact: true }).click();
    const review = page.getByRole("alertdialog", { name: "Review swap" });
    const send = review.getByRole("button", { name: "Swap anyway" });
    await expect(send).toBeDisabled();
    await review
      .getByRole("checkbox", { name: /^I accept receiving about .*% less than at the current price$/ })
      .check();
    await expect(send).toBeEnabled();
    await send.click();
    await expect.poll(() => r.usdt(me)).toBe(usdtBefore - usdtIn);
    expect((await r.token(me)) - tokenBefore).toBe(expected);

    // the page empties the form once the swap is confirmed: fill it only after that
    await expect(card.getByLabel("You pay (USDT)")).toHaveValue("");
    await card.getByLabel("You pay (USDT)").fill("12000");
    await expect(card.getByText("Minimum received")).toBeVisible();
    const received = await shownAmount(card, "You receive (estimated)");

    // flip: the sell side, paying what the buy would have received
    await card.getByRole("button", { name: "Flip direction" }).click();
    await expect(card.getByRole("radio", { name: /to USDT$/ })).toBeChecked();
    const field = card.getByLabel(/^You pay \((?!USDT)/);
    expect(parseUnits(await field.inputValue(), 18)).toBeGreaterThanOrEqual(received);
    expect(parseUnits(await field.inputValue(), 18) - received).toBeLessThan(10n ** 12n);
  });

  test("slippage and deadline settings persist across a reload; a bad value blocks the swap", async ({
    page,
  }) => {
    const card = await openExchange(page);
    await card.getByRole("radio", { name: "1%", exact: true }).check();
    await card.getByLabel("Transaction deadline (minutes)").fill("5");
    await page.reload();
    await expect(card.getByRole("radio", { name: "1%", exact: true })).toBeChecked();
    await expect(card.getByLabel("Transaction deadline (minutes)")).toHaveValue("5");
    expect(await page.evaluate(() => localStorage.getItem("swapSlippage"))).toBe("100");

    await card.getByLabel("You pay (USDT)").fill("10");
    await expect(card.getByText("Minimum received")).toBeVisible();
    const swap = card.getByRole("button", { name: "Swap", exact: true });
    await expect(swap).toBeEnabled();
    await card.getByLabel("Custom slippage (%)").fill("60");
    await expect(card.getByRole("alert")).toHaveText("Enter a value from 0.01 to 50");
    await expect(swap).toBeDisabled();
    await card.getByLabel("Custom slippage (%)").fill("2.5");
    await expect(swap).toBeEnabled();
    await expect(card.getByRole("radio", { name: "1%", exact: true })).not.toBeChecked();
    expect(await page.evaluate(() => localStorage.getItem("swapSlippage"))).toBe("250");
    // usable at 375 px: nothing wider than the screen
    await page.setViewportSize({ width: 375, height: 812 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });
});

test.describe("LP swap and claim panel", () => {
  // the deployer seeded the pools, so it holds the SwapToken/USDT LP tokens
  test.use({ walletAccount: DEV_ROLES.deployer });

  test("lock LP through the panel, a day later claim the released 1%", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const r = reads(chain, contracts);
    const me = wallet.account.address;
    const lpBefore = await r.lp(me);
    expect(lpBefore).toBeGreaterThan(parseEther("100"));

    await page.goto("/swap");
    await connectWallet(page);
    const panel = page.getByRole("region", { name: "LP swap and claim" });
    await expect(panel.getByText("Nothing to claim yet")).toBeVisible();
    await expect(panel.getByRole("button", { name: "Claim released" })).toBeDisabled();
    await panel.getByLabel("Amount").fill("100");
    await panel.getByRole("button", { name: "Lock", exact: true }).click();

    await expect.poll(async () => (await r.lpUser(me)).amountLP).toBe(parseEther("100"));
    expect(await r.lp(me)).toBe(lpBefore - parseEther("100"));
    expect(await r.lp(contracts.LpSwap!)).toBe(parseEther("100"));
    expect(sends(wallet.calls)).toBe(2); // approve the LP token, then swapLP
    // the lock carried the rate shown (1% a day) as the least it accepts
    expect(await lastCallTo(chain, contracts.LpSwap!, lpSwapAbi)).toEqual({
      functionName: "swapLP",
      args: [parseEther("100"), 100n],
    });
    await expect(kvValue(panel, "LP locked")).toHaveText("100 LP");

    // one day later 1% of the LP is released
    await timeTravel(86_400n);
    await page.reload();
    const claim = panel.getByRole("button", { name: "Claim released" });
    await expect(claim).toBeEnabled();
    await expect(kvValue(panel, "LP claimable")).toHaveText("1 LP");
    await claim.click();
    await expect.poll(async () => (await r.lpUser(me)).claimLP).toBe(parseEther("1"));
    expect(await r.lp(me)).toBe(lpBefore - parseEther("99"));
    const user = await r.lpUser(me);
    expect(user.pendingLP).toBe(0n);
    expect(user.amountLP).toBe(parseEther("100"));

    // a rate cut is the owner's: the manager cannot make it at once, the timelock can; it leaves the open
    // position on its 1%; a top-up moves all of it to the new rate, says so, and carries the rate shown
    const lpSwap = { address: contracts.LpSwap!, abi: lpSwapAbi } as const;
    const { tokenRate } = await chain.readContract({ ...lpSwap, functionName: "getConfig" });
    await expect(
      chain.simulateContract({
        ...lpSwap,
        functionName: "setRates",
        args: [50n, tokenRate],
        account: devWallet(DEV_ROLES.manager).account,
      }),
    ).rejects.toThrow(/RateCutNeedsOwner/);
    await ownerCall(
      chain,
      contracts,
      contracts.LpSwap!,
      encodeFunctionData({ abi: lpSwapAbi, functionName: "setRates", args: [50n, tokenRate] }),
    );
    expect((await r.lpUser(me)).rateLP).toBe(100n);
    await page.reload();
    const notice = panel.getByText("adding to it moves the whole position to the current 0.5%");
    await panel.getByLabel("Amount").fill("1");
    await expect(notice).toHaveText(
      "This position releases 1% a day; adding to it moves the whole position to the current 0.5%",
    );
    await panel.getByRole("button", { name: "Lock", exact: true }).click();
    await expect.poll(async () => (await r.lpUser(me)).amountLP).toBe(parseEther("101"));
    expect((await r.lpUser(me)).rateLP).toBe(50n);
    expect(await lastCallTo(chain, contracts.LpSwap!, lpSwapAbi)).toEqual({
      functionName: "swapLP",
      args: [parseEther("1"), 50n],
    });
    await expect(notice).toBeHidden();
  });
});

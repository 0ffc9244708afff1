import { dataReaderAbi, stakingAbi } from "@taichi/contracts";
import type { Page } from "@playwright/test";
import { type Address, type PublicClient, getAbiItem } from "viem";
import { DEV_ROLES, expect, kvValue, test } from "../fixtures/test.ts";
import { connectWallet, sends, timeTravel } from "../fixtures/accounts.ts";

const PRICE_OBSERVED = getAbiItem({ abi: stakingAbi, name: "PriceObserved" });

const tokenPrice = (chain: PublicClient, contracts: Record<string, Address>) =>
  chain.readContract({ address: contracts.DataReader!, abi: dataReaderAbi, functionName: "tokenPrice" });

/** Staking's kept price observations, oldest first, with their block's time. */
async function observations(chain: PublicClient, staking: Address) {
  const logs = await chain.getLogs({ address: staking, event: PRICE_OBSERVED, fromBlock: 0n });
  return Promise.all(
    logs.map(async (log) => ({
      ...log.args,
      time: (await chain.getBlock({ blockNumber: log.blockNumber })).timestamp,
    })),
  );
}

/** /stakes, connected, paying with the token. */
async function openTokenDeposit(page: Page) {
  const form = page.getByRole("region", { name: "Deposit", exact: true });
  await form.getByRole("radio", { name: "Token" }).check();
  return form;
}

test.describe("token deposits after a quiet spell: refresh the price", () => {
  test.use({ walletAccount: DEV_ROLES.members[0] });

  test("past two price windows the page says why token deposits wait and offers 'Refresh price', which keeps a new observation on chain", async ({
    page,
    chain,
    wallet,
    contracts,
  }) => {
    const { window } = await tokenPrice(chain, contracts);
    expect(window).toBeGreaterThan(0n);
    // nobody traded or deposited tokens for three windows: no recent average
    await timeTravel(3n * window);
    expect((await tokenPrice(chain, contracts)).refusal).toBe("PriceUnavailable");
    const before = await observations(chain, contracts.Staking!);

    await page.goto("/stakes");
    await connectWallet(page);
    const form = await openTokenDeposit(page);
    const minutes = String(window / 60n);
    await expect(form.getByTestId("price-refresh")).toContainText(
      `The pool's average price is out of date (no new observation for over two price windows), so token deposits are refused. Anyone can start a new one: refresh the price, and token deposits open ${minutes} minutes later.`,
    );
    await expect(form.getByRole("button", { name: "Deposit" })).toBeDisabled();

    await form.getByRole("button", { name: "Refresh price" }).click();
    const status = form.getByTestId("price-refresh").getByRole("status");
    await expect(status).toContainText(
      `a new ${minutes}-minute average is being measured. Token deposits open in`,
    );
    await expect(page.getByText("Awaiting...")).toHaveCount(0);
    expect(sends(wallet.calls)).toBe(1);

    // the chain kept a new observation, averaged over the whole quiet spell
    const after = await observations(chain, contracts.Staking!);
    expect(after).toHaveLength(before.length + 1);
    const kept = after.at(-1)!;
    expect(kept.span).toBeGreaterThan(2n * window);
    // the page counts down to one window after it
    const text = (await status.getByRole("timer").textContent()) ?? "";
    const [d, h, m, s] = (text.match(/\d+/g) ?? []).map(Number);
    const left = ((d! * 24 + h!) * 60 + m!) * 60 + s!;
    expect(left).toBeLessThanOrEqual(Number(window));
    expect(left).toBeGreaterThan(Number(window) - 60);
    // until then a token deposit is still refused
    expect((await tokenPrice(chain, contracts)).refusal).toBe("PriceUnavailable");

    // a window later, token deposits have a price again
    await timeTravel(window);
    const priced = await tokenPrice(chain, contracts);
    expect(priced.refusal).toBe("");
    await page.reload();
    const again = await openTokenDeposit(page);
    await expect(kvValue(again, "Token valued at")).not.toHaveText(/^-/);
    await expect(again.getByTestId("price-refresh")).toHaveCount(0);
  });
});

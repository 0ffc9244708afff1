import { expect, test } from "../fixtures/test.ts";
import { connectWallet } from "../fixtures/accounts.ts";
import { CHAIN_URL } from "../fixtures/ports.ts";

/**
 * The backend down: the page says so, shows its retry state (a countdown to the next automatic
 * retry and a retry-now button), never a pending overlay, and shows the content once the API is back,
 * without a reload, and the chain's RPC the same way.
 */
test.describe("a service down", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("the backend down: /mine shows the retry state, no overlay, and its content once the API is back", async ({
    page,
  }) => {
    await page.route("**/api/api/invest/**", (route) => route.abort("connectionrefused"));
    await page.goto("/mine");
    const machines = page.getByRole("region", { name: "Mining machines" });
    await expect(machines.getByRole("alert")).toBeVisible();
    await expect(machines.getByRole("status")).toHaveText(/^Retrying automatically in \d+ s$/);
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);

    await page.unroute("**/api/api/invest/**");
    await machines.getByRole("button", { name: "Try again" }).click();
    await expect(machines.getByText("Taichi Shaoyang", { exact: true })).toBeVisible();
    await expect(machines.getByRole("alert")).toHaveCount(0);
  });

  test("the chain's RPC down: /stakes shows the retry state, no overlay, and reads the chain again by itself once it is back", async ({
    page,
  }) => {
    const toChain = (url: URL) => url.href.startsWith(CHAIN_URL);
    await page.route(toChain, (route) => route.abort("connectionrefused"));
    await page.goto("/stakes");
    await connectWallet(page);
    const tiers = page.getByRole("region", { name: "Stake tiers" });
    await expect(tiers.getByRole("alert")).toContainText("Network error");
    await expect(tiers.getByRole("status")).toHaveText(/^Retrying automatically in \d+ s$/);
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);

    // no click: the countdown's own retry reads the tiers once the node answers again
    await page.unroute(toChain);
    await expect(tiers.getByText("7 days")).toBeVisible({ timeout: 30_000 });
    await expect(tiers.getByRole("alert")).toHaveCount(0);
  });
});

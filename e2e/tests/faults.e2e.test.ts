import { expect, test } from "../fixtures/test.ts";

/**
 * The backend down (issue 18): the page says so, shows its retry state (a countdown to the next automatic
 * retry and a retry-now button), never a pending overlay, and shows the content once the API is back,
 * without a reload. (The chain's RPC down: the same component, unit-tested in app/src/components.)
 */
test.describe("a service down (issue 18)", () => {
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
});

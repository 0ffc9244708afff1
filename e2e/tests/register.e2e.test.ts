import { presaleAbi } from "@taichi/contracts";
import { DEV_ROLES, devAccount, expect, test, REHEARSAL } from "../fixtures/test.ts";
import { SIGNING_METHODS, TEST_WALLET_NAME } from "@taichi/scripts/testWallet/wallet";

const root = devAccount(DEV_ROLES.deployer).address;

test.describe("registration through an invitation link", () => {
  test(
    "a newcomer connects, confirms the prefilled referrer and is bound on chain",
    REHEARSAL,
    async ({ page, wallet, chain, contracts }) => {
      const readUser = () =>
        chain.readContract({
          address: contracts.Presale!,
          abi: presaleAbi,
          functionName: "users",
          args: [wallet.account.address],
        });
      expect((await readUser()).index).toBe(0n);

      await page.goto(`/?code=${root}`);
      await page.getByRole("button", { name: "UNCONNECT" }).click();
      await page.getByRole("button", { name: TEST_WALLET_NAME }).click();

      const dialog = page.getByRole("dialog", { name: "Register binding" });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByPlaceholder("Please enter the recommended address")).toHaveValue(root);
      await dialog.getByRole("button", { name: "Confirm" }).click();

      await expect(page.getByText("Success")).toBeVisible();
      await expect(dialog).toBeHidden();
      const user = await readUser();
      expect(user.index).toBeGreaterThan(0n);
      expect(user.refer).toBe(root);
      expect(wallet.calls).toContain("eth_sendTransaction");
    },
  );

  test("an unregistered referrer is refused with the spec's message and nothing is sent", async ({
    page,
    wallet,
  }) => {
    const stranger = devAccount(DEV_ROLES.newcomers[1]).address;
    await page.goto(`/?code=${stranger}`);
    await page.getByRole("button", { name: "UNCONNECT" }).click();
    await page.getByRole("button", { name: TEST_WALLET_NAME }).click();

    const dialog = page.getByRole("dialog", { name: "Register binding" });
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(
      page.getByText("The recommended address is not registered, please enter a valid recommended address"),
    ).toBeVisible();
    await expect(dialog).toBeVisible();
    expect(wallet.calls).not.toContain("eth_sendTransaction");
  });

  test("when the wallet rejects, the overlay clears, the dialog stays and nothing lands", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    for (const method of SIGNING_METHODS) wallet.reject.add(method);
    await page.goto(`/?code=${root}`);
    await page.getByRole("button", { name: "UNCONNECT" }).click();
    await page.getByRole("button", { name: TEST_WALLET_NAME }).click();

    const dialog = page.getByRole("dialog", { name: "Register binding" });
    await dialog.getByRole("button", { name: "Confirm" }).click();

    await expect(page.getByText("User rejected the request")).toBeVisible();
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Confirm" })).toBeEnabled();
    expect(wallet.calls).toContain("eth_sendTransaction");
    const user = await chain.readContract({
      address: contracts.Presale!,
      abi: presaleAbi,
      functionName: "users",
      args: [wallet.account.address],
    });
    expect(user.index).toBe(0n);
  });
});

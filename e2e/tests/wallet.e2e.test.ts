import { presaleAbi, usdtAbi } from "@taichi/contracts";
import type { Page } from "@playwright/test";
import { DEV_ROLES, devAccount, expect, test, REHEARSAL } from "../fixtures/test.ts";
import { TEST_WALLET_NAME } from "@taichi/scripts/testWallet/wallet";
import { E2E_CHAIN_ID } from "../fixtures/ports.ts";

async function connect(page: Page) {
  await page.getByRole("button", { name: "UNCONNECT" }).click();
  await page.getByRole("button", { name: TEST_WALLET_NAME }).click();
}

test.describe("wallet", () => {
  test.use({ walletAccount: DEV_ROLES.members[0] });

  test(
    "a wrong chain shows the prompt (after the reload) and one click switches back",
    REHEARSAL,
    async ({ page, wallet }) => {
      await page.goto("/");
      await connect(page);
      await expect(page.getByText("Registered", { exact: true })).toBeVisible();

      // the user switches the wallet to another BNB chain: the app reloads (spec: chain change -> reload)
      const reloaded = page.waitForEvent("load");
      await wallet.changeChain(E2E_CHAIN_ID === 56 ? 97 : 56);
      await reloaded;
      const prompt = page.getByRole("alert").filter({ hasText: "Your wallet is on the wrong network" });
      await expect(prompt).toBeVisible();
      await expect(page.getByText("Registered", { exact: true })).toHaveCount(0);

      // one click: the wallet is asked to switch, and the app follows without another reload
      await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));
      await prompt.getByRole("button", { name: "Switch network" }).click();
      await expect(prompt).toBeHidden();
      expect(wallet.chainId).toBe(E2E_CHAIN_ID);
      expect(wallet.calls).toContain("wallet_switchEthereumChain");
      await expect(page.getByText("Registered", { exact: true })).toBeVisible();
      expect(
        await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
      ).toBe(true);
    },
  );

  test("the wallet panel adds USDT and every project token to the wallet, named by its symbol", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    await page.goto("/");
    await connect(page);
    await page.getByRole("button", { name: "0x3C4..93BC" }).click();
    const panel = page.getByRole("dialog", { name: "Wallet" });
    const expected = [];
    for (const name of ["Usdt", "SwapToken", "BurnToken", "MiningToken"]) {
      const address = contracts[name]!;
      const symbol = await chain.readContract({ address, abi: usdtAbi, functionName: "symbol" });
      await panel.getByRole("button", { name: `Add ${symbol} to wallet` }).click();
      expected.push({ type: "ERC20", options: { address, symbol, decimals: 18 } });
      await expect.poll(() => wallet.watchedAssets.length).toBe(expected.length);
    }
    expect(wallet.watchedAssets).toEqual(expected);
  });
});

test.describe("recent transactions", () => {
  test("a registration is listed as confirmed for its account and the list survives a reload", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const root = devAccount(DEV_ROLES.deployer).address;
    await page.goto(`/?code=${root}`);
    await connect(page);
    const dialog = page.getByRole("dialog", { name: "Register binding" });
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(dialog).toBeHidden();
    const user = await chain.readContract({
      address: contracts.Presale!,
      abi: presaleAbi,
      functionName: "users",
      args: [wallet.account.address],
    });
    expect(user.refer).toBe(root);

    const openPanel = async () => {
      await page.getByRole("button", { name: /^0x/ }).click();
      return page.getByRole("region", { name: "Recent transactions" });
    };
    let list = await openPanel();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem")).toContainText("Register binding");
    await expect(list.getByRole("listitem")).toContainText("Confirmed");

    await page.reload();
    list = await openPanel();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem")).toContainText("Confirmed");
  });
});

test.describe("phone without a wallet", () => {
  test("at 375 px, zh: the picker opens this page in TokenPocket, Trust, OKX or Bitget, or installs one", async ({
    browser,
  }) => {
    // a Chinese browser with no injected wallet at all
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, locale: "zh-CN" });
    const page = await context.newPage();
    const root = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266";
    await page.goto(`/ido?code=${root}`);
    await page.getByRole("button", { name: "UNCONNECT" }).click();
    const picker = page.getByRole("dialog", { name: "连接钱包" });
    await expect(picker.getByRole("alert")).toHaveText(
      "此浏览器中没有钱包。在手机上，请在钱包 App 的浏览器中打开本页，或先安装钱包：",
    );
    const here = page.url();
    const open = async (wallet: string) =>
      new URL((await picker.getByRole("link", { name: `在 ${wallet} 中打开` }).getAttribute("href"))!);

    const tp = await open("TokenPocket");
    expect(tp.protocol).toBe("tpdapp:");
    expect(JSON.parse(tp.searchParams.get("params")!).url).toBe(here);
    expect((await open("Trust Wallet")).searchParams.get("url")).toBe(here);
    const okx = await open("OKX Wallet");
    expect(new URL(okx.searchParams.get("deeplink")!).searchParams.get("dappUrl")).toBe(here);
    expect((await open("Bitget Wallet")).searchParams.get("url")).toBe(here);
    for (const wallet of ["TokenPocket", "Trust Wallet", "OKX Wallet", "Bitget Wallet"]) {
      const install = picker.getByRole("link", { name: `安装 ${wallet}` });
      expect(await install.getAttribute("href")).toMatch(/^https:\/\//);
      await expect(install).toHaveAttribute("target", "_blank");
    }
    // the links fit the phone's width
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await context.close();
  });
});

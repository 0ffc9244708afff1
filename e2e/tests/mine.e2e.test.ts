import { presaleAbi, usdtAbi } from "@taichi/contracts";
import type { Page } from "@playwright/test";
import { type Address, type Hash, type PublicClient, parseEventLogs, zeroAddress } from "viem";
import { DEV_ROLES, devAccount, expect, test } from "../fixtures/test.ts";
import { connectWallet } from "../fixtures/accounts.ts";
import { E2E_PORTS } from "../fixtures/ports.ts";

const API = `http://127.0.0.1:${E2E_PORTS.api}/api/api/invest`;
const root = devAccount(DEV_ROLES.deployer);
const TREASURY: Address = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"; // account 0
const PRICE = 100n * 10n ** 18n; // machine type 1, "Taichi Shaoyang" (docs/machines.md)

type Envelope<T> = { code: number; msg: string; data: T };

/** A direct call to the e2e API (not through the app), form-encoded like the app's client. */
async function api<T>(name: string, body: Record<string, string> = {}, token?: string): Promise<Envelope<T>> {
  const response = await fetch(`${API}/${name}`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", lang: "en", ...(token ? { token } : {}) },
    body: new URLSearchParams(body),
  });
  return (await response.json()) as Envelope<T>;
}

/**
 * The referral root (account 0) is a backend member, so the member can register under it: the first
 * member registers with the zero address. Signs in from Node with the server's EIP-4361 message.
 */
async function ensureRootMember() {
  const registered = await api<{ isRegister: boolean }>("isRegister", { address: root.address });
  if (registered.data.isRegister) return;
  const nonce = await api<{ message: string }>("nonce", { address: root.address });
  const signature = await root.signMessage({ message: nonce.data.message });
  const login = await api<{ token: string }>("login", { message: nonce.data.message, signature });
  expect(login.code).toBe(0);
  const reg = await api("register", { username: "root", recommend: zeroAddress }, login.data.token);
  expect(reg).toMatchObject({ code: 0 });
}

const usdtOf = (chain: PublicClient, usdt: Address, who: Address) =>
  chain.readContract({ address: usdt, abi: usdtAbi, functionName: "balanceOf", args: [who] });

const signInButton = (page: Page) => page.getByRole("button", { name: "Sign in with wallet" });

test.describe("/mine: sign-in, backend registration and a machine paid on chain", () => {
  test.use({ walletAccount: DEV_ROLES.members[0] });

  test("a member signs in, registers and buys a machine: USDT goes to the treasury and the purchase is listed", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    const member = wallet.account.address;
    await ensureRootMember();
    const usdt = contracts.Usdt!;

    await page.goto(`/mine?code=${root.address}`);
    await connectWallet(page);
    await signInButton(page).click();

    // not a backend member yet: the register form, the referrer prefilled from the invitation code
    const register = page.getByRole("region", { name: "Create your mining account" });
    await expect(register).toBeVisible();
    await expect(register.getByLabel("Referrer address")).toHaveValue(root.address);
    await register.getByLabel("Username").fill("member-two");
    await register.getByRole("button", { name: "Register" }).click();
    await expect(page.getByRole("region", { name: "My account" })).toContainText("member-two");
    const token = await page.evaluate(() => window.localStorage.getItem("loginToken"));
    expect(token).toBeTruthy();

    const myMachines = page.getByRole("region", { name: "My machines" });
    await expect(myMachines).toContainText("No data yet");

    const memberBefore = await usdtOf(chain, usdt, member);
    const treasuryBefore = await usdtOf(chain, usdt, TREASURY);

    await page.getByRole("button", { name: "Details and buy: Taichi Shaoyang" }).click();
    await expect(page.getByLabel("Quantity")).toHaveValue("1");
    await page.getByRole("button", { name: "Pay 100 USDT" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Purchase completed" })).toBeVisible();

    // on chain: exactly the price moved from the member to the treasury
    expect(await usdtOf(chain, usdt, member)).toBe(memberBefore - PRICE);
    expect(await usdtOf(chain, usdt, TREASURY)).toBe(treasuryBefore + PRICE);

    // the API lists it, with the hash of that transfer
    const log = await api<{ list: { typeId: number; num: number; paid: string; hash: Hash }[] }>(
      "buyMachineLog",
      {},
      token!,
    );
    expect(log.code).toBe(0);
    expect(log.data.list).toHaveLength(1);
    expect(log.data.list[0]).toMatchObject({ typeId: 1, num: 1, paid: PRICE.toString() });
    const receipt = await chain.getTransactionReceipt({ hash: log.data.list[0]!.hash });
    const transfers = parseEventLogs({ abi: usdtAbi, logs: receipt.logs, eventName: "Transfer" });
    expect(transfers.map((t) => [t.address.toLowerCase(), t.args])).toEqual([
      [usdt.toLowerCase(), { from: member, to: TREASURY, value: PRICE }],
    ]);

    // and so does the page
    await expect(myMachines.getByTestId("mine-machine-row")).toHaveCount(1);
    await expect(myMachines).toContainText("Taichi Shaoyang × 1");
    await expect(page.getByRole("region", { name: "My account" })).toContainText("100");

    // fits a 375 px screen: nothing wider than the viewport
    await page.setViewportSize({ width: 375, height: 812 });
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(375);
  });
});

test.describe("/mine: sign-in refused in the wallet", () => {
  // registered on chain (no binding overlay), not a backend member
  test.use({ walletAccount: DEV_ROLES.members[1] });

  test("a rejected signature shows why and leaves the page usable; signing again works", async ({
    page,
    wallet,
    chain,
    contracts,
  }) => {
    wallet.reject.add("personal_sign");
    await page.goto("/mine");
    await connectWallet(page);
    await signInButton(page).click();

    const signIn = page.getByRole("region", { name: "Sign in", exact: true });
    await expect(signIn.getByRole("alert")).toHaveText("User rejected the request");
    await expect(signInButton(page)).toBeEnabled();
    await expect(page.getByRole("status").filter({ hasText: "Awaiting" })).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem("loginToken"))).toBeNull();
    // the public catalogue still works
    const machines = page.getByRole("region", { name: "Mining machines" });
    await machines.getByRole("button", { name: "Details and buy: Taichi Shaoyang" }).click();
    await expect(machines.getByText("Sign in and register to buy")).toBeVisible();
    await expect(machines.getByRole("button", { name: "Pay 100 USDT" })).toBeDisabled();

    wallet.reject.delete("personal_sign");
    await signInButton(page).click();
    const register = page.getByRole("region", { name: "Create your mining account" });
    await expect(register).toBeVisible();
    await expect(signInButton(page)).toHaveCount(0);
    // no invitation code: the referrer the chain knows for this member (the root), never the zero address
    const { refer } = await chain.readContract({
      address: contracts.Presale!,
      abi: presaleAbi,
      functionName: "users",
      args: [wallet.account.address],
    });
    expect(refer).toBe(root.address);
    await expect(register.getByLabel("Referrer address")).toHaveValue(refer);
    await expect(register.getByLabel("Referrer address")).toHaveAttribute(
      "placeholder",
      "Please enter the recommended address",
    );
  });
});

import { presaleAbi, stakingAbi } from "@taichi/contracts";
import { parseEther } from "viem";
import { DEV_ROLES, devAccount, expect, test, kvValue } from "../fixtures/test.ts";
import { connectWallet, registerDirect, stakeDirect } from "../fixtures/accounts.ts";

const member = DEV_ROLES.members[0]; // account 2, registered under the root, no stake
const newcomer = DEV_ROLES.newcomers[1];

test.describe("the rules where they bite", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test.describe("as a member whose invitee registered but has not staked", () => {
    test.use({ walletAccount: member });

    test("/team, /invites and /stakes say invite income needs an open stake, and whether the member has one; /invites lists the invitee as not staked until it stakes", async ({
      page,
      chain,
      contracts,
    }) => {
      const invitee = devAccount(newcomer).address;
      await registerDirect(chain, contracts, newcomer, devAccount(member).address);
      const registry = await chain.readContract({
        address: contracts.Presale!,
        abi: presaleAbi,
        functionName: "users",
        args: [devAccount(member).address],
      });
      expect(registry.invites).toBe(1n);

      await page.goto("/team");
      await connectWallet(page);
      await expect(
        page.getByText(/^Invite and team income is credited only while you have an open stake/),
      ).toBeVisible();
      await expect(page.getByText("You have no open stake now")).toBeVisible();
      const stats = page.getByRole("region", { name: "My team" });
      await expect(kvValue(stats, "Direct invites")).toHaveText("1");

      await page.getByRole("link", { name: "Your invitation link and invitees" }).click();
      const note = page.getByTestId("open-stake-note");
      await expect(note).toContainText(
        "Invite and team income is credited only while you have an open stake",
      );
      await expect(note.getByText("You have no open stake now")).toBeVisible();
      const unstaked = page.getByRole("region", { name: "Registered, not staked yet" });
      await expect(unstaked.getByText("1 invitee has not staked yet")).toBeVisible();
      await expect(unstaked.getByTitle(invitee)).toBeVisible();
      await expect(unstaked.getByRole("listitem").filter({ hasText: "Not staked yet" })).toHaveCount(1);
      await expect(page.getByRole("region", { name: "My direct invitees" })).toContainText("No data yet");

      // once it stakes it moves to the staked list, counted in the singular
      await stakeDirect(chain, contracts, newcomer, parseEther("100"));
      await page.reload();
      await expect(unstaked.getByText("Everyone who registered with your link has staked")).toBeVisible();
      const staked = page.getByRole("region", { name: "My direct invitees" });
      await expect(staked.getByText("1 invitee has staked")).toBeVisible();
      await expect(staked.getByTitle(invitee)).toBeVisible();

      // the member stakes (setup): the three pages now say its invite income is earned
      await stakeDirect(chain, contracts, member, parseEther("120"));
      const { amount } = await chain.readContract({
        address: contracts.Staking!,
        abi: stakingAbi,
        functionName: "users",
        args: [devAccount(member).address],
      });
      expect(amount).toBe(parseEther("120"));
      for (const path of ["/invites", "/stakes", "/team"]) {
        await page.goto(path);
        await expect(page.getByTestId("open-stake-note")).toContainText(
          "You have 120 USDT staked now: your downline's deposits earn you invite and team income.",
        );
        await expect(page.getByText("You have no open stake now")).toHaveCount(0);
      }
    });
  });

  test.describe("as a newcomer bound on chain", () => {
    test.use({ walletAccount: newcomer });

    test("/mine prefills the referrer the chain knows, without an invitation link", async ({
      page,
      chain,
      contracts,
    }) => {
      await registerDirect(chain, contracts, newcomer, devAccount(member).address);
      const { refer } = await chain.readContract({
        address: contracts.Presale!,
        abi: presaleAbi,
        functionName: "users",
        args: [devAccount(newcomer).address],
      });
      expect(refer).toBe(devAccount(member).address);
      await page.goto("/mine");
      await connectWallet(page);
      await page.getByRole("button", { name: "Sign in with wallet" }).click();
      const register = page.getByRole("region", { name: "Create your mining account" });
      await expect(register.getByLabel("Referrer address")).toHaveValue(refer);
    });
  });
});

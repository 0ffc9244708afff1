import { stakingAbi } from "@taichi/contracts";
import { parseEther } from "viem";
import { encodeQr, qrSvgPath } from "../../app/src/lib/qr.ts";
import { DEV_ROLES, devAccount, expect, test } from "../fixtures/test.ts";
import { connectWallet, stakeDirect, timeTravel } from "../fixtures/accounts.ts";

const root = devAccount(DEV_ROLES.deployer).address;
const member = DEV_ROLES.members[0]; // registered under the root

test.describe("invitation QR code and team chart", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test.describe("as a member", () => {
    test.use({ walletAccount: member });

    test("/invites shows the invitation link as a QR code that encodes exactly that link", async ({
      page,
      wallet,
    }) => {
      await page.goto("/invites");
      await connectWallet(page);
      const link = page.getByTestId("invite-link");
      await expect(link).toContainText(`?code=${wallet.account.address}`);
      const text = (await link.textContent())!;

      const qr = page.getByRole("img", { name: `QR code of ${text}` });
      await expect(qr).toBeVisible();
      // The drawn modules are the symbol of this link (the encoder itself is checked in app/src/lib/qr.test.ts).
      await expect(qr.locator("path")).toHaveAttribute("d", qrSvgPath(encodeQr(text).modules));
      const box = (await qr.boundingBox())!;
      expect(box.width).toBeGreaterThanOrEqual(100);
      await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    });
  });

  test.describe("as the root", () => {
    test.use({ walletAccount: DEV_ROLES.deployer });

    test("the daily chart shows an invitee's deposits on their chain days (views and TeamDay logs), and what the next level needs", async ({
      page,
      chain,
      contracts,
    }) => {
      const staking = { address: contracts.Staking!, abi: stakingAbi } as const;
      const chart = page.getByRole("region", { name: "Team deposits, last 14 days" });

      await page.goto("/team");
      await connectWallet(page);
      await expect(chart.getByText("No team deposits or new team members in the last 14 days")).toBeVisible();

      // the member stakes 100 USDT in tier 0 (setup transactions, not UI)
      const amount = parseEther("100");
      await stakeDirect(chain, contracts, member, amount);
      const { dayTimes } = await chain.readContract({ ...staking, functionName: "getConfig" });
      const day = (await chain.getBlock()).timestamp / dayTimes;
      expect(
        await chain.readContract({ ...staking, functionName: "dayTeamAmounts", args: [root, day] }),
      ).toBe(amount);
      expect(await chain.readContract({ ...staking, functionName: "dayTeamUsers", args: [root, day] })).toBe(
        1n,
      );

      await page.reload();
      const bars = chart.getByRole("listitem");
      await expect(bars).toHaveCount(14);
      await expect(bars.last()).toHaveAccessibleName(/: 100 USDT, 1 new team member$/);
      await expect(bars.nth(12)).toHaveAccessibleName(/: 0 USDT, 0 new team members$/);
      await expect(chart.getByText("100 USDT in total · 1 new team member")).toBeVisible();
      const today = page.getByRole("region", { name: "Today's team statistics" });
      await expect(today.getByText("100 USDT")).toBeVisible();

      // what the next level still needs, from the chain's level table and the root's team
      const team = await chain.readContract({ ...staking, functionName: "teams", args: [root] });
      const multi = await chain.readContract({ ...staking, functionName: "getConfigMulti" });
      const next = Number(team.level);
      const needInvites = multi.inviteValids[next]! - team.inviteValids;
      const needAmount = multi.teamAmounts[next]! - team.teamAmount;
      expect(needAmount).toBeGreaterThan(0n);
      const level = page.getByRole("region", { name: "My team level" });
      const usdt = (Number(needAmount / 10n ** 14n) / 10_000).toLocaleString("en-US", {
        maximumFractionDigits: 4,
      });
      await expect(
        level.getByText(
          `Still needed: ${needInvites > 0n ? needInvites : 0n} valid invites and ${usdt} USDT of team volume`,
        ),
      ).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      // "My level" sits right under its label, not in the middle of the row its taller neighbour makes
      const mine = level.locator(".kv > div").first();
      const label = (await mine.locator("dt").boundingBox())!;
      const value = (await mine.locator("dd").boundingBox())!;
      expect(value.y - (label.y + label.height)).toBeLessThan(8);

      // a chain day later the deposit moves one bar to the left and today is empty
      await timeTravel(dayTimes);
      await page.reload();
      await expect(bars.nth(12)).toHaveAccessibleName(/: 100 USDT, 1 new team member$/);
      await expect(bars.last()).toHaveAccessibleName(/: 0 USDT, 0 new team members$/);

      // a deposit on the new day: the views now answer only this day, the day before is in a TeamDay log
      const second = parseEther("250");
      await stakeDirect(chain, contracts, member, second);
      const later = (await chain.getBlock()).timestamp / dayTimes;
      expect(later).toBe(day + 1n);
      const read = (functionName: "dayTeamAmounts" | "dayTeamUsers", d: bigint) =>
        chain.readContract({ ...staking, functionName, args: [root, d] });
      expect(await read("dayTeamAmounts", day)).toBe(0n); // the views forgot the first day
      const todayAmount = await read("dayTeamAmounts", later);
      const todayUsers = await read("dayTeamUsers", later);
      expect([todayAmount, todayUsers]).toEqual([second, 0n]); // the member's second stake: no new member
      const logs = await chain.getContractEvents({
        ...staking,
        eventName: "TeamDay",
        args: { account: root },
        fromBlock: 0n,
      });
      expect(logs.map((l) => l.args)).toEqual([{ account: root, day, amount, users: 1n }]);

      await page.reload();
      const members = (n: number | bigint) => `${n} new team member${Number(n) === 1 ? "" : "s"}`;
      const usdtText = (wei: bigint) =>
        (Number(wei / 10n ** 14n) / 10_000).toLocaleString("en-US", { maximumFractionDigits: 4 });
      await expect(bars.nth(12)).toHaveAccessibleName(
        new RegExp(`: ${usdtText(logs[0]!.args.amount!)} USDT, ${members(logs[0]!.args.users!)}$`),
      );
      await expect(bars.last()).toHaveAccessibleName(
        new RegExp(`: ${usdtText(todayAmount)} USDT, ${members(todayUsers)}$`),
      );
      await expect(chart.getByText("350 USDT in total · 1 new team member")).toBeVisible();
      await expect(today.getByText("250 USDT")).toBeVisible();
      await expect(chart.getByText(/could not be read/)).toHaveCount(0);
    });
  });
});

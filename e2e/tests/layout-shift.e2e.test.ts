import type { Page } from "@playwright/test";
import { type Address, type PublicClient, parseEther } from "viem";
import { DEV_ROLES, devAccount, expect, test } from "../fixtures/test.ts";
import { connectWallet, registerDirect, stakeDirect } from "../fixtures/accounts.ts";
import { MEMBER_PAGES, type MemberPage } from "@taichi/scripts/bench/pages";

declare global {
  interface Window {
    __layoutShift: number;
    /** what moved, for the failure message: "value tag.class" per shifted element */
    __shifted: string[];
  }
}

/**
 * Every member page's first load at phone width does not move under the member's thumb: the sum of the
 * layout shifts not caused by input (the Layout Instability API, what Lighthouse calls CLS) stays at or
 * below 0.1, Google's "good" line, from the first paint until the page has read everything it shows: a
 * visitor's, and a returning member's (the wallet connected on an earlier visit reconnects on its own), with
 * the indexer up as in production.
 */
const MAX_LAYOUT_SHIFT = 0.1;

const heading = (page: Page) => expect(page.getByRole("heading", { level: 1 })).toBeVisible();

/** What each member page shows once its reads answered (besides no "Loading..." placeholder left). */
const SETTLED: Record<MemberPage, (page: Page) => Promise<void>> = {
  "/": (page) =>
    expect(page.getByRole("region", { name: "Presale", exact: true }).locator(".stage-badge")).toBeVisible(),
  "/ido": (page) => expect(page.locator(".stage-badge").first()).toBeVisible(),
  "/stakes": (page) => expect(page.locator(".tier-list > li")).toHaveCount(5),
  "/swap": heading,
  "/team": heading,
  "/invites": heading,
  "/mine": heading,
  "/governance": heading,
};

async function observeLayoutShift(page: Page) {
  await page.addInitScript(() => {
    window.__layoutShift = 0;
    window.__shifted = [];
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node }[] };
    const describe = (node: Node | undefined) =>
      node instanceof Element
        ? `${node.tagName.toLowerCase()}.${node.className.trim().replace(/\s+/g, ".")}`
        : String(node);
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Shift[]) {
        if (entry.hadRecentInput) continue;
        window.__layoutShift += entry.value;
        window.__shifted.push(
          `${entry.value.toFixed(3)} ${entry.sources.map((s) => describe(s.node)).join(" ")}`,
        );
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
}

async function expectSteadyLoad(page: Page, path: MemberPage) {
  await SETTLED[path](page);
  await expect(page.getByRole("status", { name: "Loading..." })).toHaveCount(0);
  // the shifts of the last frame are reported on the next one
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  const { total, shifted } = await page.evaluate(() => ({
    total: window.__layoutShift,
    shifted: window.__shifted,
  }));
  test.info().annotations.push({
    type: "layout shift",
    description: `${path}: ${total.toFixed(3)}${shifted.length ? ` (${shifted.join("; ")})` : ""}`,
  });
  expect(total, `layout shifts of ${path}:\n${shifted.join("\n")}`).toBeLessThanOrEqual(MAX_LAYOUT_SHIFT);
}

type Arrival = {
  who: string;
  /** the dev account the test wallet signs with */
  account: number;
  /** what happened before this load: the chain's state and the wallet's connection */
  before: (page: Page, chain: PublicClient, contracts: Record<string, Address>) => Promise<void>;
};

const member = DEV_ROLES.members[0]; // registered under the root
const invitee = DEV_ROLES.newcomers[0];

const ARRIVALS: Arrival[] = [
  { who: "a visitor", account: DEV_ROLES.newcomers[1], before: async () => {} },
  {
    // a member with something on every page: an order, an invitee who staked (team, invites, income)
    who: "a member",
    account: member,
    before: async (page, chain, contracts) => {
      await stakeDirect(chain, contracts, member, parseEther("100"));
      await registerDirect(chain, contracts, invitee, devAccount(member).address);
      await stakeDirect(chain, contracts, invitee, parseEther("200"));
      // connected once before: the next load reconnects on its own, as a returning member's does
      await page.goto("/");
      await connectWallet(page);
      await expect(page.getByRole("button", { name: "UNCONNECT" })).toHaveCount(0);
    },
  },
];

test.describe("layout shift", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const { who, account, before } of ARRIVALS) {
    test.describe(who, () => {
      test.use({ walletAccount: account });

      for (const path of MEMBER_PAGES) {
        test(`${who}'s first load of ${path} shifts at most ${MAX_LAYOUT_SHIFT}`, async ({
          page,
          chain,
          contracts,
          indexer,
        }) => {
          await before(page, chain, contracts);
          await indexer.caughtUp();
          await observeLayoutShift(page);
          await page.goto(path);
          await expectSteadyLoad(page, path);
        });
      }
    });
  }
});

/**
 * Links that travel: an invite link's page as a chat's link preview reads it (Open Graph and Twitter
 * tags, the preview image, the web app manifest and its icons), the phone's share sheet, the QR code
 * saved as a PNG, and /invites' "not staked yet" list read from the indexer.
 */
import { readFileSync } from "node:fs";
import { presaleAbi, stakingAbi } from "@taichi/contracts";
import type { APIRequestContext, Page } from "@playwright/test";
import { type Address, type PublicClient, parseEther } from "viem";
import { encodeQr } from "../../app/src/lib/qr.ts";
import { connectWallet, registerDirect, stakeDirect } from "../fixtures/accounts.ts";
import { APP_URL } from "../fixtures/ports.ts";
import { DEV_ROLES, devAccount, expect, recordIndexer, recordRpc, test } from "../fixtures/test.ts";

const member = DEV_ROLES.members[0]; // registered under the root
const memberAddress = devAccount(member).address;
const newcomer = DEV_ROLES.newcomers[1];

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A PNG's size from its header (IHDR, the first chunk); fails on anything that is not a PNG. */
function pngSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)]).toEqual(PNG_SIGNATURE);
  expect(bytes.subarray(12, 16).toString("latin1")).toBe("IHDR");
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** GETs `url` (absolute or on the app), expecting 200 with `type`; its body. */
async function fetchOk(request: APIRequestContext, url: string, type: string | RegExp) {
  const response = await request.get(url);
  expect(response.status(), url).toBe(200);
  expect(response.headers()["content-type"], url).toMatch(type);
  return response.body();
}

/** The `<head>` of `html` as a crawler reads it (no script runs): meta contents and link hrefs. */
async function headOf(page: Page, html: string) {
  return page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "text/html");
    const meta = Object.fromEntries(
      Array.from(doc.head.querySelectorAll("meta")).map((m) => [
        m.getAttribute("property") ?? m.getAttribute("name") ?? "",
        m.getAttribute("content") ?? "",
      ]),
    );
    const links = Array.from(doc.head.querySelectorAll("link")).map((l) => ({
      rel: l.getAttribute("rel"),
      href: l.getAttribute("href"),
      sizes: l.getAttribute("sizes"),
    }));
    return { meta, links, title: doc.title };
  }, html);
}

/** The referral registry's record of `account` (its upline `refer`, its `invites`). */
const presaleUser = (chain: PublicClient, contracts: Record<string, Address>, account: Address) =>
  chain.readContract({
    address: contracts.Presale!,
    abi: presaleAbi,
    functionName: "users",
    args: [account],
  });
/** Staking's record of `account` (its `orders`). */
const stakingUser = (chain: PublicClient, contracts: Record<string, Address>, account: Address) =>
  chain.readContract({
    address: contracts.Staking!,
    abi: stakingAbi,
    functionName: "users",
    args: [account],
  });

test.describe("links that travel", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("an invite link's page carries a link preview (absolute image URL) and a valid web app manifest with PNG icons", async ({
    page,
    request,
  }) => {
    const invite = `/?code=${memberAddress}`;
    const html = (await fetchOk(request, invite, /text\/html/)).toString("utf8");
    const { meta, links } = await headOf(page, html);

    expect(meta["og:title"]).toContain("TAICHI");
    expect(meta["og:description"]!.length).toBeGreaterThan(20);
    expect(meta["description"]).toBe(meta["og:description"]);
    expect(meta["og:type"]).toBe("website");
    // no og:url: a chat would take it as the canonical address and drop the invite's ?code=
    expect(meta["og:url"]).toBeUndefined();
    expect(meta["twitter:card"]).toBe("summary_large_image");
    expect(meta["twitter:title"]).toBe(meta["og:title"]);
    expect(meta["twitter:image"]).toBe(meta["og:image"]);
    // absolute, on this build's public origin (a crawler resolves nothing relative)
    const image = new URL(meta["og:image"]!);
    expect(image.origin).toBe(APP_URL);
    expect([meta["og:image:width"], meta["og:image:height"]]).toEqual(["1200", "630"]);
    expect(pngSize(await fetchOk(request, image.href, "image/png"))).toEqual({ width: 1200, height: 630 });

    const appleIcon = links.find((l) => l.rel === "apple-touch-icon")!;
    expect(pngSize(await fetchOk(request, appleIcon.href!, "image/png"))).toEqual({
      width: 180,
      height: 180,
    });

    const manifestUrl = links.find((l) => l.rel === "manifest")!.href!;
    const manifest = JSON.parse((await fetchOk(request, manifestUrl, /json/)).toString("utf8")) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      iconPath: string;
      icons: { src: string; sizes: string; type: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ start_url: "/", display: "standalone", short_name: "TAICHI" });
    expect(manifest.name).toContain("TAICHI");
    expect(manifest.theme_color).toBe(meta["theme-color"]);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    const purposes = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`);
    expect(purposes).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
    for (const icon of manifest.icons) {
      expect(icon.type).toBe("image/png");
      const [width, height] = icon.sizes.split("x").map(Number);
      const url = new URL(icon.src, new URL(manifestUrl, APP_URL)).href;
      expect(pngSize(await fetchOk(request, url, "image/png")), icon.src).toEqual({ width, height });
    }
    // the Safe App fields: its icon, relative to the manifest
    const safeIcon = new URL(manifest.iconPath, new URL(manifestUrl, APP_URL)).href;
    expect((await fetchOk(request, safeIcon, "image/svg+xml")).toString("utf8")).toContain("<svg");
  });

  test.describe("as a member", () => {
    test.use({ walletAccount: member });
    // the indexer of the last journeys starts and catches up within the test
    test.setTimeout(180_000);

    test("Share opens the phone's share sheet with the invite link, ?code= kept", async ({ page }) => {
      await page.addInitScript(() => {
        const calls: ShareData[] = [];
        (window as unknown as { shared: ShareData[] }).shared = calls;
        Object.defineProperty(Navigator.prototype, "share", {
          configurable: true,
          value: async (data: ShareData) => void calls.push(data),
        });
      });
      await page.goto("/invites");
      await connectWallet(page);
      const link = (await page.getByTestId("invite-link").textContent())!;
      expect(link).toBe(`${APP_URL}/?code=${memberAddress}`);

      await page.getByRole("button", { name: "Share" }).click();
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared))
        .toEqual([
          { title: "TAICHI invitation", text: "Join me on TAICHI with my invitation link", url: link },
        ]);
    });

    test("without a share sheet, Share copies the invite link instead", async ({ page }) => {
      await page.addInitScript(() => {
        delete (Navigator.prototype as { share?: unknown }).share;
        const copied: string[] = [];
        (window as unknown as { copied: string[] }).copied = copied;
        Object.defineProperty(navigator, "clipboard", {
          configurable: true,
          value: { writeText: async (text: string) => void copied.push(text) },
        });
      });
      await page.goto("/invites");
      await connectWallet(page);
      const link = (await page.getByTestId("invite-link").textContent())!;
      await page.getByRole("button", { name: "Share" }).click();
      await expect(page.getByText("Link copied")).toBeVisible();
      expect(await page.evaluate(() => (window as unknown as { copied: string[] }).copied)).toEqual([link]);
    });

    test("Save QR code downloads a PNG whose modules are the invite link's QR symbol", async ({ page }) => {
      await page.goto("/invites");
      await connectWallet(page);
      const link = (await page.getByTestId("invite-link").textContent())!;
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Save QR code" }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^taichi-invite-[0-9a-f]{6}\.png$/);
      const bytes = readFileSync((await download.path())!);
      const { modules, size } = encodeQr(link);
      const side = size + 8; // the 4-module quiet zone on each side
      const { width, height } = pngSize(bytes);
      expect(width).toBe(height);
      expect(width % side).toBe(0);

      // decoded by the browser: each module's centre pixel is dark exactly where the symbol has a dark module
      const dark = await page.evaluate(
        async ({ base64, side }) => {
          const blob = new Blob([Uint8Array.from(atob(base64), (c) => c.charCodeAt(0))], {
            type: "image/png",
          });
          const bitmap = await createImageBitmap(blob);
          const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
          const context = canvas.getContext("2d")!;
          context.drawImage(bitmap, 0, 0);
          const pixels = context.getImageData(0, 0, bitmap.width, bitmap.height).data;
          const scale = bitmap.width / side;
          return Array.from({ length: side }, (_, y) =>
            Array.from({ length: side }, (_, x) => {
              const at = (Math.floor((y + 0.5) * scale) * bitmap.width + Math.floor((x + 0.5) * scale)) * 4;
              return pixels[at]! < 128;
            }),
          );
        },
        { base64: bytes.toString("base64"), side },
      );
      const expected = Array.from({ length: side }, (_, y) =>
        Array.from({ length: side }, (_, x) => modules[y - 4]?.[x - 4] ?? false),
      );
      expect(dark).toEqual(expected);
    });

    test("/invites lists a registered invitee from the indexer, with no eth_getLogs, until it stakes", async ({
      page,
      chain,
      contracts,
      indexer,
    }) => {
      const invitee = devAccount(newcomer).address;
      await registerDirect(chain, contracts, newcomer, memberAddress);
      await indexer.caughtUp();

      const rpc = recordRpc(page);
      const asked = recordIndexer(page);
      await page.goto("/invites");
      await connectWallet(page);
      const unstaked = page.getByRole("region", { name: "Registered, not staked yet" });
      await expect(unstaked.getByText("1 invitee has not staked yet")).toBeVisible();
      await expect(unstaked.getByTitle(invitee)).toBeVisible();
      // what the chain holds: the member's one invitee, and no order of it
      expect((await presaleUser(chain, contracts, memberAddress)).invites).toBe(1n);
      expect((await stakingUser(chain, contracts, invitee)).orders).toBe(0n);
      expect(asked.filter((path) => path.startsWith(`/invitees/${memberAddress}?staked=false`))).toHaveLength(
        1,
      );
      expect(rpc.count("eth_getLogs")).toBe(0);
      // served by the indexer: no note about what the chain's logs cover
      await expect(unstaked.getByTestId("invites-coverage")).toHaveCount(0);

      await stakeDirect(chain, contracts, newcomer, parseEther("100"));
      expect((await stakingUser(chain, contracts, invitee)).orders).toBe(1n);
      await indexer.caughtUp();
      await page.reload();
      await expect(unstaked.getByText("Everyone who registered with your link has staked")).toBeVisible();
    });

    test("with the indexer down, /invites reads the registry's logs and says what they cover", async ({
      page,
      chain,
      contracts,
    }) => {
      const invitee = devAccount(newcomer).address;
      await registerDirect(chain, contracts, newcomer, memberAddress);
      const rpc = recordRpc(page);
      await page.goto("/invites");
      await connectWallet(page);
      const unstaked = page.getByRole("region", { name: "Registered, not staked yet" });
      await expect(unstaked.getByTitle(invitee)).toBeVisible();
      expect((await presaleUser(chain, contracts, invitee)).refer).toBe(memberAddress);
      expect((await stakingUser(chain, contracts, invitee)).orders).toBe(0n);
      // the local chain caps no log range: every block since the registry's deploy
      await expect(unstaked.getByTestId("invites-coverage")).toHaveText(
        "Read from the chain: every registration since the referral registry was deployed.",
      );
      expect(rpc.count("eth_getLogs")).toBeGreaterThan(0);
    });
  });
});

/**
 * `npm run images -w scripts`: renders the app's PNG icons and its link-preview image from the Tai Chi mark
 * (app/public/favicon.svg) with the Chromium the end-to-end tests use, into app/public. Run it after
 * changing the mark; the PNGs are committed (the build copies app/public as it is).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { REPO_ROOT } from "../env.ts";
import { CHROMIUM_LAUNCH_OPTIONS } from "../testWallet/chromium.ts";

const PUBLIC = join(REPO_ROOT, "app", "public");
const MARK = readFileSync(join(PUBLIC, "favicon.svg"), "utf8");
const INK = "#0b0b0c";
const GOLD = "#c9a24a";
const PAPER = "#f5f2ea";

/** A `side`-px square icon: the mark at `markShare` of its width, centred on `background` (none: transparent). */
const icon = (side: number, markShare: number, background?: string) => `
  <body style="margin:0;width:${side}px;height:${side}px;display:grid;place-items:center;background:${background ?? "transparent"}">
    <div style="width:${side * markShare}px;height:${side * markShare}px">${MARK.replace("<svg ", '<svg width="100%" height="100%" ')}</div>
  </body>`;

/** 1200 x 630: the mark beside the name and what the product is, on the app's dark ground. */
const preview = `
  <body style="margin:0;width:1200px;height:630px;background:radial-gradient(circle at 30% 40%, #1d1a14, ${INK} 70%);
    display:flex;align-items:center;gap:64px;padding:0 96px;box-sizing:border-box;color:${PAPER};
    font-family:'Noto Sans CJK SC','Noto Serif CJK SC','PingFang SC',sans-serif">
    <div style="width:360px;height:360px;flex:none">${MARK.replace("<svg ", '<svg width="100%" height="100%" ')}</div>
    <div>
      <div style="font-size:112px;font-weight:700;letter-spacing:4px;line-height:1.1">太极</div>
      <div style="font-size:64px;font-weight:700;letter-spacing:12px;color:${GOLD};margin-top:8px">TAICHI</div>
      <div style="font-size:34px;margin-top:36px;line-height:1.45;opacity:.9">质押 · 团队收益 · 预售<br/>BNB Smart Chain</div>
    </div>
  </body>`;

const IMAGES: { file: string; width: number; height: number; html: string; transparent?: boolean }[] = [
  { file: "og-image.png", width: 1200, height: 630, html: preview },
  { file: "icon-192.png", width: 192, height: 192, html: icon(192, 1), transparent: true },
  { file: "icon-512.png", width: 512, height: 512, html: icon(512, 1), transparent: true },
  // maskable: the mark inside the central 80% a launcher may keep, on a full-bleed ground
  { file: "icon-maskable-512.png", width: 512, height: 512, html: icon(512, 0.72, INK) },
  // iOS fills transparency with black and rounds the corners itself
  { file: "apple-touch-icon.png", width: 180, height: 180, html: icon(180, 0.84, INK) },
];

const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
try {
  for (const image of IMAGES) {
    const page = await browser.newPage({ viewport: { width: image.width, height: image.height } });
    await page.setContent(`<!doctype html><html><head><meta charset="utf-8"></head>${image.html}</html>`);
    await page.evaluate(() => document.fonts.ready);
    const png = await page.screenshot({ type: "png", omitBackground: image.transparent ?? false });
    writeFileSync(join(PUBLIC, image.file), png);
    console.log(`${image.file}: ${image.width}x${image.height}, ${png.length} bytes`);
    await page.close();
  }
} finally {
  await browser.close();
}

import { readFileSync } from "node:fs";
import { expect, test } from "../fixtures/test.ts";
import { APP_URL } from "../fixtures/ports.ts";

/** The hero title as a language's start catalogue has it (what its translator wrote). */
const heroTitle = (lang: string) => {
  const po = readFileSync(new URL(`../../app/src/i18n/locales/${lang}/start.po`, import.meta.url), "utf8");
  const title = po.match(/^msgid "home\.heroTitle"\nmsgstr "(.+)"$/m)?.[1];
  if (!title) throw new Error(`no home.heroTitle in the ${lang} catalogue`);
  return title;
};

test.describe("languages at 375 px", () => {
  test.use({ viewport: { width: 375, height: 812 } });

  test("a first visit from a Vietnamese browser shows Vietnamese, and still does after a reload", async ({
    browser,
  }) => {
    // a browser of its own: nothing stored, and none of the fixture's English
    const context = await browser.newContext({
      baseURL: APP_URL,
      viewport: { width: 375, height: 812 },
      locale: "vi-VN",
    });
    try {
      const page = await context.newPage();
      const sent = page.waitForRequest((request) => request.url().startsWith(APP_URL));
      await page.goto("/");
      expect((await sent).headers()["accept-language"]).toMatch(/^vi/);
      await expect(page.getByRole("heading", { name: heroTitle("vi") })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "vi");

      await page.reload();
      await expect(page.getByRole("heading", { name: heroTitle("vi") })).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", "vi");
    } finally {
      await context.close();
    }
  });

  test("the picker switches to Korean and back to Simplified Chinese by keyboard; the toggle still goes zh <-> en in one tap", async ({
    page,
  }) => {
    await page.goto("/");
    await expect(page.getByRole("heading", { name: "Tai Chi · Yin and Yang" })).toBeVisible();

    // the globe is named by the shown language and opens the menu of the 8, each named in itself
    const globe = page.getByRole("button", { name: "English", exact: true });
    await globe.click();
    const menu = page.getByRole("menu");
    await expect(menu.getByRole("menuitemradio")).toHaveText([
      "简体中文",
      "繁體中文",
      "English",
      "Tiếng Việt",
      "Bahasa Indonesia",
      "한국어",
      "日本語",
      "ไทย",
    ]);
    await expect(menu.getByRole("menuitemradio", { name: "English" })).toHaveAttribute(
      "aria-checked",
      "true",
    );
    const box = await menu.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(375);

    await menu.getByRole("menuitemradio", { name: "한국어" }).click();
    await expect(page.getByRole("heading", { name: heroTitle("ko") })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "ko");
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => window.localStorage.getItem("lang"))).toBe("ko");

    // by keyboard: Enter opens the menu on the shown language, Home goes to the first, Enter picks it
    const koGlobe = page.getByRole("button", { name: "한국어", exact: true });
    await expect(koGlobe).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(menu.getByRole("menuitemradio", { name: "한국어" })).toBeFocused();
    await page.keyboard.press("Home");
    await expect(menu.getByRole("menuitemradio", { name: "简体中文" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "太极 · 阴阳相生" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "zh-CN");
    await expect(page.getByRole("button", { name: "简体中文", exact: true })).toBeFocused();

    // Escape closes the menu without a change
    await page.keyboard.press("ArrowDown");
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    // one tap: zh -> en -> zh
    await page.getByRole("button", { name: "en", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Tai Chi · Yin and Yang" })).toBeVisible();
    await page.getByRole("button", { name: "zh", exact: true }).click();
    await expect(page.getByRole("heading", { name: "太极 · 阴阳相生" })).toBeVisible();
    await page.reload();
    await expect(page.getByRole("heading", { name: "太极 · 阴阳相生" })).toBeVisible();
  });
});

import { afterAll, describe, expect, it } from "vitest";
import { i18n } from "./index";

// Both languages complete, texts not empty, placeholders alike, each id in one catalogue, every id
// used: `npm run lint` (scripts/src/i18n/check.ts).
describe("catalogues", () => {
  afterAll(() => i18n.changeLanguage("zh"));

  it("carry the spec texts", async () => {
    expect(i18n.t("register.title")).toBe("注册绑定");
    expect(i18n.t("register.placeholder")).toBe("请输入推荐地址");
    expect(i18n.t("common.awaiting")).toBe("等待中...");
    await i18n.changeLanguage("en");
    expect(i18n.t("register.title")).toBe("Register binding");
    expect(i18n.t("register.placeholder")).toBe("Please enter the recommended address");
    expect(i18n.t("register.notRegistered")).toBe(
      "The recommended address is not registered, please enter a valid recommended address",
    );
    expect(i18n.t("common.success")).toBe("Success");
    expect(i18n.t("errors.generic")).toBe("Operate Error");
    expect(i18n.t("common.awaiting")).toBe("Awaiting...");
  });
});

describe("languages", () => {
  it("falls back to zh from a language the app does not have", async () => {
    await i18n.changeLanguage("en");
    await i18n.changeLanguage("de-DE");
    expect(i18n.language).toBe("zh");
    expect(i18n.t("register.title")).toBe("注册绑定");
    expect(document.documentElement.lang).toBe("zh-CN");
  });
});

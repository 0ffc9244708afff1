import { cleanup } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { type I18nKey, i18n, loadParts, translate } from "./index";

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage("zh");
});

describe("interpolation", () => {
  it("fills each {name} with its value as written (no grouping) and leaves out a value not given", () => {
    expect(i18n.t("wallet.notDeployed", { chain: "BSC", chainId: 1234567n })).toBe(
      "BSC（链 ID 1234567）上尚未部署合约",
    );
    expect(i18n.t("wallet.notDeployed", { chain: 0, chainId: 97 })).toBe("0（链 ID 97）上尚未部署合约");
    expect(i18n.t("wallet.notDeployed", { chain: "BSC" })).toBe("BSC（链 ID ）上尚未部署合约");
  });
});

describe("i18n", () => {
  // First, while only zh (the stored language) is loaded: the en catalogue arrives last.
  it("ends on the language asked for last, whichever catalogue loads first", async () => {
    const toEnglish = i18n.changeLanguage("en");
    await i18n.changeLanguage("zh");
    await toEnglish;
    expect(i18n.language).toBe("zh");
    expect(i18n.t("register.title")).toBe("注册绑定");
  });

  it("translates in the shown language, loading the other catalogue on a switch", async () => {
    expect(i18n.language).toBe("zh");
    expect(i18n.t("register.title")).toBe("注册绑定");
    expect(i18n.t("wallet.notDeployed", { chain: "BSC", chainId: 56 })).toBe("BSC（链 ID 56）上尚未部署合约");
    expect(document.documentElement.lang).toBe("zh-CN");

    await i18n.changeLanguage("en-US");
    expect(i18n.language).toBe("en");
    expect(translate({ key: "wallet.addToken", values: { symbol: "TJ" } })).toBe("Add TJ to wallet");
    expect(document.documentElement.lang).toBe("en");

    await i18n.changeLanguage("fr-FR"); // a language the app has not is the default zh
    expect(i18n.language).toBe("zh");
    expect(i18n.t("register.title")).toBe("注册绑定");
  });

  it("loads a page's part when asked, and the parts in use with the other language", async () => {
    expect(i18n.exists("stakes.deposit.title")).toBe(false);
    expect(i18n.t("stakes.errors.notOpen")).toBe("存入尚未开放"); // contract errors are in the start part
    await loadParts(["stakes"]);
    expect(i18n.t("stakes.deposit.title")).toBe("存入");

    await i18n.changeLanguage("en");
    expect(i18n.t("stakes.deposit.title")).toBe("Deposit");
    expect(i18n.exists("team.level.title")).toBe(false);
    await loadParts(["team"]);
    expect(i18n.t("team.level.title")).toBe("My team level");
    await i18n.changeLanguage("zh");
    expect(i18n.t("team.level.title")).toBe("我的团队等级");
  });

  it("knows its keys; an unknown one shows as itself", () => {
    expect(i18n.exists("register.title")).toBe(true);
    expect(i18n.exists("register.nope")).toBe(false);
    expect(i18n.t("register.nope" as I18nKey)).toBe("register.nope");
  });
});

describe("plural forms", () => {
  it("picks one or other by the language's plural rules, from a number or a grouped text", async () => {
    await loadParts(["invites"]);
    await i18n.changeLanguage("en");
    expect(i18n.t("invites.list.count", { count: 1 })).toBe("1 invitee has staked");
    expect(i18n.t("invites.list.count", { count: 0 })).toBe("0 invitees have staked");
    expect(i18n.t("invites.list.count", { count: "1,001" })).toBe("1,001 invitees have staked");
    await i18n.changeLanguage("zh");
    expect(i18n.t("invites.list.count", { count: 1 })).toBe("已有 1 人质押");
  });
});

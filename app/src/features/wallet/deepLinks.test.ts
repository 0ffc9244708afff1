import { describe, expect, it } from "vitest";
import { walletLinks } from "./deepLinks";

const page = "https://taichi.example/ido?code=0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266#rules";

/** The link of one wallet, parsed. */
const link = (name: string, chainId = 56) => {
  const found = walletLinks(page, chainId).find((l) => l.name === name);
  if (!found) throw new Error(`no ${name}`);
  return { ...found, url: new URL(found.open) };
};

describe("walletLinks: each wallet's documented deep link to the current page", () => {
  it("TokenPocket: tpdapp://open with the url and the chain in JSON params", () => {
    const { url } = link("TokenPocket");
    expect(url.protocol).toBe("tpdapp:");
    expect(url.host + url.pathname).toBe("open");
    expect(JSON.parse(url.searchParams.get("params")!)).toEqual({
      url: page,
      chain: "BSC",
      source: "taichi",
    });
  });

  it("Trust Wallet: link.trustwallet.com/open_url on BNB Smart Chain's coin id", () => {
    const { url } = link("Trust Wallet");
    expect(url.origin + url.pathname).toBe("https://link.trustwallet.com/open_url");
    expect(url.searchParams.get("coin_id")).toBe("20000714");
    expect(url.searchParams.get("url")).toBe(page);
    expect(link("Trust Wallet", 31337).url.searchParams.get("coin_id")).toBe("60");
  });

  it("OKX Wallet: the universal link carrying okx://wallet/dapp/url, encoded twice", () => {
    const { url } = link("OKX Wallet");
    expect(url.origin + url.pathname).toBe("https://web3.okx.com/download");
    const inner = new URL(url.searchParams.get("deeplink")!);
    expect(inner.protocol).toBe("okx:");
    expect(inner.host + inner.pathname).toBe("wallet/dapp/url");
    expect(inner.searchParams.get("dappUrl")).toBe(page);
  });

  it("Bitget Wallet: bkcode.vip with action=dapp (the form Android supports)", () => {
    const { url } = link("Bitget Wallet");
    expect(url.origin).toBe("https://bkcode.vip");
    expect(url.searchParams.get("action")).toBe("dapp");
    expect(url.searchParams.get("url")).toBe(page);
  });

  it("the page's query and fragment survive: nothing of it leaks into the link's own parameters", () => {
    for (const { open } of walletLinks(page, 56)) {
      expect(open).not.toContain("#rules");
      expect(open).not.toContain("?code=");
    }
  });

  it("every wallet has an https install page", () => {
    for (const { install } of walletLinks(page, 56)) expect(new URL(install).protocol).toBe("https:");
  });
});

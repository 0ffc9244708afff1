/**
 * Links that open a page inside a phone wallet's own browser, where the wallet injects its provider
 * (docs/app.md, "Phone wallets", cites each wallet's documentation). Each `open` link is the wallet's
 * documented format for opening a DApp URL; `install` is its download page.
 */
export type WalletLink = { name: string; open: string; install: string };

/** BNB Smart Chain in Trust Wallet's coin registry (its `open_url` deep link selects that network). */
const TRUST_BSC_COIN_ID = 20000714;
const TRUST_EVM_COIN_ID = 60;
const BSC_CHAIN_IDS = new Set([56, 97]);

export function walletLinks(pageUrl: string, chainId: number): WalletLink[] {
  const url = encodeURIComponent(pageUrl);
  const bsc = BSC_CHAIN_IDS.has(chainId);
  const tokenPocketParams = encodeURIComponent(
    JSON.stringify(
      bsc ? { url: pageUrl, chain: "BSC", source: "taichi" } : { url: pageUrl, source: "taichi" },
    ),
  );
  return [
    {
      name: "TokenPocket",
      open: `tpdapp://open?params=${tokenPocketParams}`,
      install: "https://www.tokenpocket.pro/en/download/app",
    },
    {
      name: "Trust Wallet",
      open: `https://link.trustwallet.com/open_url?coin_id=${bsc ? TRUST_BSC_COIN_ID : TRUST_EVM_COIN_ID}&url=${url}`,
      install: "https://trustwallet.com/download",
    },
    {
      name: "OKX Wallet",
      open: `https://web3.okx.com/download?deeplink=${encodeURIComponent(`okx://wallet/dapp/url?dappUrl=${url}`)}`,
      install: "https://web3.okx.com/download",
    },
    {
      name: "Bitget Wallet",
      open: `https://bkcode.vip?action=dapp&url=${url}`,
      install: "https://web3.bitget.com/en/wallet-download",
    },
  ];
}

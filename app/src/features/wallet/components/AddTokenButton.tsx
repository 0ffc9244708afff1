import { usdtAbi } from "@taichi/contracts";
import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { useConfig, useReadContracts } from "wagmi";
import { watchAsset } from "wagmi/actions";
import { type ContractName, contractAddress } from "../../../lib/deployments";
import { parseError } from "../../../lib/errors";
import { useAppStore } from "../../../app/store";
import { appChain } from "../../../app/wagmi";

/** The tokens a member may want in the wallet: USDT and every project token that is deployed. */
export const WATCHABLE_TOKENS: readonly ContractName[] = ["Usdt", "SwapToken", "BurnToken", "MiningToken"];

type WatchableToken = { address: Address; symbol: string; decimals: number };

/** "Add <symbol> to wallet" (EIP-747 wallet_watchAsset). */
function AddTokenButton({ token }: { token: WatchableToken }) {
  const { t } = useTranslation();
  const config = useConfig();
  const toast = useAppStore((s) => s.toast);

  const add = async () => {
    try {
      await watchAsset(config, { type: "ERC20", options: token });
      toast("success", { key: "common.success" });
    } catch (err) {
      console.error("wallet_watchAsset failed", err);
      toast("error", parseError(err));
    }
  };

  return (
    <button type="button" className="button ghost small" onClick={() => void add()}>
      {t("wallet.addToken", { symbol: token.symbol })}
    </button>
  );
}

/**
 * One button per deployed token, each named by its on-chain symbol: every token's `symbol` and
 * `decimals` in one batch; a token whose reads fail has no button.
 */
export function AddTokenButtons() {
  const addresses = WATCHABLE_TOKENS.map(contractAddress);
  const meta = useReadContracts({
    contracts: addresses.flatMap((address) => {
      const token = { address, abi: usdtAbi, chainId: appChain.id } as const;
      return [
        { ...token, functionName: "symbol" },
        { ...token, functionName: "decimals" },
      ] as const;
    }),
    query: { enabled: addresses.length > 0 },
  });
  const tokens = addresses.flatMap((address, i): WatchableToken[] => {
    const [symbol, decimals] = [meta.data?.[2 * i], meta.data?.[2 * i + 1]];
    return symbol?.status === "success" && decimals?.status === "success"
      ? [{ address, symbol: symbol.result as string, decimals: decimals.result as number }]
      : [];
  });
  if (tokens.length === 0) return null;
  return (
    <div className="token-buttons">
      {tokens.map((token) => (
        <AddTokenButton key={token.address} token={token} />
      ))}
    </div>
  );
}

import { usdtAbi } from "@taichi/contracts";
import { useTranslation } from "../../../i18n";
import type { Address } from "viem";
import { useConfig, useReadContracts } from "wagmi";
import { watchAsset } from "wagmi/actions";
import { type ContractName, contractAddress } from "../../../lib/deployments";
import { parseError } from "../../../lib/errors";
import { useAppStore } from "../../../store";
import { appChain } from "../../../wagmi";

/** The tokens a member may want in the wallet: USDT and every project token that is deployed. */
export const WATCHABLE_TOKENS: readonly ContractName[] = ["Usdt", "SwapToken", "BurnToken", "MiningToken"];

/** "Add <symbol> to wallet" (EIP-747 wallet_watchAsset); symbol and decimals are read from the token. */
export function AddTokenButton({ address }: { address: Address }) {
  const { t } = useTranslation();
  const config = useConfig();
  const toast = useAppStore((s) => s.toast);
  const token = { address, abi: usdtAbi, chainId: appChain.id } as const;
  const meta = useReadContracts({
    contracts: [
      { ...token, functionName: "symbol" },
      { ...token, functionName: "decimals" },
    ],
    allowFailure: false,
  });
  if (!meta.data) return null;
  const [symbol, decimals] = meta.data;

  const add = async () => {
    try {
      await watchAsset(config, { type: "ERC20", options: { address, symbol, decimals } });
      toast("success", { key: "common.success" });
    } catch (err) {
      console.error("wallet_watchAsset failed", err);
      toast("error", parseError(err));
    }
  };

  return (
    <button type="button" className="button ghost small" onClick={() => void add()}>
      {t("wallet.addToken", { symbol })}
    </button>
  );
}

/** One button per deployed project token. */
export function AddTokenButtons() {
  const tokens = WATCHABLE_TOKENS.map((name) => contractAddress(appChain.id, name)).filter(
    (a): a is Address => !!a,
  );
  if (tokens.length === 0) return null;
  return (
    <div className="token-buttons">
      {tokens.map((address) => (
        <AddTokenButton key={address} address={address} />
      ))}
    </div>
  );
}

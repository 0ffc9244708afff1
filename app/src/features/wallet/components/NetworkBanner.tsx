import { useTranslation } from "react-i18next";
import { useConfig } from "wagmi";
import { presale } from "../../../contracts";
import { parseError } from "../../../lib/errors";
import { switchChainByApp } from "../../../lib/walletEvents";
import { useAppStore } from "../../../store";
import { appChain } from "../../../wagmi";
import { useAppConnection } from "../hooks/useAppConnection";

/** Wrong wallet network (one-click switch) and "not deployed on this chain" notices. */
export function NetworkBanner() {
  const { t } = useTranslation();
  const config = useConfig();
  const { wrongChain } = useAppConnection();
  const toast = useAppStore((s) => s.toast);

  const switchNetwork = async () => {
    try {
      await switchChainByApp(config, appChain.id);
    } catch (err) {
      console.error("switch chain failed", err);
      toast("error", parseError(err));
    }
  };

  return (
    <>
      {wrongChain && (
        <div className="banner banner-warn" role="alert">
          <span>{t("wallet.wrongNetwork", { chain: appChain.name })}</span>
          <button type="button" className="button small" onClick={() => void switchNetwork()}>
            {t("wallet.switchNetwork")}
          </button>
        </div>
      )}
      {!presale && (
        <div className="banner banner-info">
          {t("wallet.notDeployed", { chain: appChain.name, chainId: appChain.id })}
        </div>
      )}
    </>
  );
}
